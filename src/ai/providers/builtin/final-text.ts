import { formatMinutes } from "./estimate";
import type { PromptView } from "./prompt";

/** The short closing answer after the tools ran: what was proposed, in one sentence. */
export function finalText(view: PromptView, refining: boolean): string {
  const done: string[] = [];
  let observations = 0;
  for (const { toolName, input } of view.earlierCalls) {
    const args = (input ?? {}) as Record<string, unknown>;
    if (toolName === "propose_checklist_items" && Array.isArray(args.items)) done.push(`proposed ${args.items.length} checklist items`);
    else if (toolName === "propose_estimate" && typeof args.minutes === "number") done.push(`proposed an estimate of ${formatMinutes(args.minutes)}`);
    else if (toolName === "propose_status" && typeof args.status === "string") done.push(`proposed the status ${args.status.replace("_", " ")}`);
    else if (toolName === "record_observation") observations++;
    else if (toolName === "write_report") done.push(`wrote the report${typeof args.confidence === "number" ? ` (confidence ${args.confidence})` : ""}`);
  }
  if (observations) done.push(`recorded ${observations} observation${observations === 1 ? "" : "s"}`);
  const verb = refining ? "Refined the output" : "Done";
  return done.length ? `${verb}: ${done.join(", ")}.` : `${verb}.`;
}
