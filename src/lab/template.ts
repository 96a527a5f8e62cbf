import type { RefineConfig } from "@/features/templates/schemas";
import type { Team } from "./personas/load";

// The template the simulated team's agents run on: support-ticket triage, with quality gates, and
// — on purpose — none of the directive clauses reviewers' preferences map to (docs/LAB.md), so
// whatever the agents learn shows up as new versions. A persona file may replace any part.

export const LAB_DIRECTIVES = `You triage support tickets for the customer support team. For every ticket, work out what the customer needs and who should own it, then prepare what the assignee needs: a checklist of next steps, an estimate in minutes, the task's status, and a short report for the support lead.

- Classify the product area: billing, authentication, security, data export, integrations, mobile, notifications, performance, accounts or engineering.
- Set a priority from P1 (many customers blocked or data at risk) to P4 (a question).
- Never promise refunds, credits or delivery dates.`;

export const LAB_GATES: RefineConfig["gates"] = [
  { name: "Correct routing", description: "The product area and the owner are right; the priority matches the impact.", threshold: 0.8, weight: 0.35 },
  { name: "Completeness", description: "The checklist covers the work from the first step to closing the ticket.", threshold: 0.8, weight: 0.35 },
  { name: "Clarity", description: "The support lead understands the report at a glance.", threshold: 0.75, weight: 0.3 },
];

export function labTemplate(team: Team) {
  const t = team.template ?? {};
  return {
    name: t.name ?? "Support triage",
    directives: t.directives ?? LAB_DIRECTIVES,
    refineConfig: { gates: t.gates ?? LAB_GATES, qualityThreshold: t.qualityThreshold ?? 0.9, maxIterations: t.maxIterations ?? 3, models: {} } satisfies RefineConfig,
  };
}
