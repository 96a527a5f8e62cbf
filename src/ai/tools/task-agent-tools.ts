import type { OutputCollector } from "./collector";
import { proposeChecklistItems } from "./propose-checklist-items";
import { proposeEstimate } from "./propose-estimate";
import { proposeStatus } from "./propose-status";
import { recordObservation } from "./record-observation";
import { writeReport } from "./write-report";

/** The task agent's tools, bound to one collector (one execute or refine phase). */
export const taskAgentTools = (c: OutputCollector) => ({
  propose_status: proposeStatus(c),
  propose_checklist_items: proposeChecklistItems(c),
  propose_estimate: proposeEstimate(c),
  write_report: writeReport(c),
  record_observation: recordObservation(c),
});
