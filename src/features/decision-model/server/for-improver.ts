import "server-only";
import type { DataSignal } from "@/ai/prompts/improver";
import { ratingLine, signalLine } from "../describe";
import type { DecisionModel } from "../fit";
import { latestDecisionModel } from "./queries";

/** At most this many signals go into the improver's context (strongest first): its section has 400 tokens. */
export const IMPROVER_SIGNALS = 8;

/** The model's signals as the improver's context takes them: decisions first, then ratings, each strongest first. */
export function signalsForImprover(model: DecisionModel): DataSignal[] {
  const share = (c: { confirmed: number; total: number }) => ({ value: c.total ? c.confirmed / c.total : 0, n: c.total });
  const decisions: DataSignal[] = model.signals.map((s) => ({
    about: s.kind,
    measure: "acceptance",
    property: s.property,
    test: s.test,
    threshold: s.threshold,
    accepted: share(s.accepted),
    other: share(s.other),
    q: s.q,
    line: signalLine(s),
  }));
  const ratings: DataSignal[] = model.ratingSignals.map((s) => ({
    about: "report",
    measure: "rating",
    property: s.property,
    test: s.test,
    threshold: s.threshold,
    accepted: { value: s.better.mean, n: s.better.n },
    other: { value: s.other.mean, n: s.other.n },
    q: s.q,
    line: ratingLine(s),
  }));
  return [...decisions, ...ratings].slice(0, IMPROVER_SIGNALS);
}

/** The newest fit's signals for the improver; null when the template has no fit yet. */
export type ForImprover = { signals: DataSignal[]; acceptanceByKind: { about: string; confirmed: number; total: number }[]; decisions: number; ratings: number };

export async function decisionModelForImprover(scope: { workspaceId: string; templateId: string }): Promise<ForImprover | null> {
  const fit = await latestDecisionModel(scope);
  if (!fit) return null;
  const acceptanceByKind = Object.entries(fit.model.byKind).map(([about, c]) => ({ about, confirmed: c.confirmed, total: c.total }));
  return { signals: signalsForImprover(fit.model), acceptanceByKind, decisions: fit.decisions, ratings: fit.ratings };
}
