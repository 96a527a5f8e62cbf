// Improver defaults, pure (no server imports) so the demo seed writes exactly what the services do.

export const IMPROVER_TEMPLATE_NAME = "Template Improver";
export const META_TEMPLATE_NAME = "Meta-Improver";

export const IMPROVER_DIRECTIVES = `Work like a careful coach:
- Start from the negative feedback with the most agents behind it; say how many agents and items.
- Change one or two things per session. Keep every clause that positive feedback confirms.
- Write directives as short imperative rules a busy agent can follow.
- Record a hypothesis you can check next week, with a prediction (metric, direction, size, probability) the data can confirm or refute.`;

export const META_DIRECTIVES = `You improve the improver's own directives, once a month.
- Judge the improver by outcomes, calibration first: the Brier score and hit rate of its graded hypotheses, and the measured effect of each approved version (its probation arms, with intervals); then the approval rate of its proposals and session ratings.
- Prefer directives that make the improver more conservative when churn is high and outcomes did not improve.
- Never propose anything for a level-2 template: people curate it.`;

/** Well-known AgentState.slots keys of an improver. */
export type ImproverSlots = {
  activeTemplateId: string;
  lastOneOnOneAt: string | null;
  lastFeedbackScanAt: string | null;
  feedbackWindowDays: number;
  totalSessionsCompleted: number;
  recursionDepth: number;
};

export function improverSlots(targetTemplateId: string, targetLevel: number): ImproverSlots {
  return { activeTemplateId: targetTemplateId, lastOneOnOneAt: null, lastFeedbackScanAt: null, feedbackWindowDays: 7, totalSessionsCompleted: 0, recursionDepth: targetLevel + 1 };
}

export const improverDisplayName = (kind: "templateImprover" | "metaImprover", targetName: string) => (kind === "metaImprover" ? "Meta-improver" : `Improver · ${targetName}`);

export const improverTemplateDescription = {
  templateImprover: "Runs the weekly one-on-one of every task template.",
  metaImprover: "Improves the improver, monthly. Edited by people only.",
} as const;
