
// One replayed run compared (pure): what people decided on the proposals the run made, against what
// the candidate directives propose on the same inputs. Per decided proposal the candidate makes
// the same one ("same"), the same change in other words ("reworded"), a different change with the
// same tool ("altered": another estimate, a shorter checklist) or none ("gone"). A rejected proposal
// is "avoided" when it is gone, or when it is made differently and the evaluator judges that the
// difference addresses the person's reason (changedRejections lists those for judging); a
// confirmed one is "kept" when the same change is still made and "lost" when it is gone — an
// altered one is neither: nobody decided on the new change yet. Proposals the head's replay does
// not make are "new".

export type DecidedItem = { tool: string; args: unknown; summary: string; verdict: "confirmed" | "rejected"; reason: string | null };

/** A proposal as either side made it: the task agent's tools, or any tool an external agent uses. */
export type Proposal = { tool: string; args: unknown; summary: string };
/** What one side of a replayed run produced (the task agent's WakeOutput, or an external replay endpoint's answer). */
export type ReplayOutput = { proposals: Proposal[]; report: { markdown: string; confidence: number | null } | null; observations: string[] };

export type RunSide = { output: ReplayOutput | null; score: number | null; tokens: number };

export type RunComparison = {
  runId: string;
  rejected: number;
  avoided: number;
  confirmed: number;
  kept: number;
  newProposals: number;
  head: { score: number | null; tokens: number };
  candidate: { score: number | null; tokens: number };
  /** Confirmed proposals the candidate makes differently (counted neither kept nor lost). */
  altered: number;
  /** Rejected proposals the candidate makes differently (reworded or altered), and of those, the ones judged to address the reason. */
  changed: number;
  addressed: number;
  /** What happened to each decided item, for the details view. */
  items: { tool: string; verdict: "confirmed" | "rejected"; reason: string | null; candidate: CandidateState; judged?: Judgement }[];
};

/** The evaluator's answer for a rejected proposal the candidate makes differently. */
export type Judgement = { addresses: boolean; why: string };

export type CandidateState = "same" | "reworded" | "altered" | "gone";

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9 ]+/g, " ").replace(/\s+/g, " ").trim();

function checklistItems(args: unknown): string[] {
  const items = (args as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? items.filter((i): i is string => typeof i === "string").map(norm) : [];
}

/** The same change: same tool and the same arguments (checklists: mostly the same items, in any order). */
export function sameChange(a: { tool: string; args: unknown }, b: { tool: string; args: unknown }): boolean {
  if (a.tool !== b.tool) return false;
  if (a.tool === "propose_checklist_items") {
    const [x, y] = [new Set(checklistItems(a.args)), new Set(checklistItems(b.args))];
    const shared = [...x].filter((i) => y.has(i)).length;
    const union = new Set([...x, ...y]).size;
    return union > 0 && shared / union >= 0.8;
  }
  return JSON.stringify(a.args) === JSON.stringify(b.args);
}

/** The same proposal as a person saw it: the same change and the same explanation. */
const sameProposal = (decided: DecidedItem, p: Proposal) => sameChange(decided, p) && norm(decided.summary) === norm(p.summary);

type Matched = { decided: DecidedItem; state: CandidateState; proposal: Proposal | null };

function match(decided: DecidedItem[], candidate: RunSide): Matched[] {
  const proposals = candidate.output?.proposals ?? [];
  return decided.map((d) => {
    const change = proposals.find((p) => sameChange(d, p));
    if (change) return { decided: d, state: sameProposal(d, change) ? "same" : "reworded", proposal: change };
    const other = proposals.find((p) => p.tool === d.tool);
    return { decided: d, state: other ? "altered" : "gone", proposal: other ?? null };
  });
}

/** Rejected proposals the candidate makes differently, by their index in `decided`: what the evaluator judges. */
export function changedRejections(decided: DecidedItem[], candidate: RunSide): { index: number; before: DecidedItem; after: Proposal }[] {
  return match(decided, candidate).flatMap((m, index) =>
    m.decided.verdict === "rejected" && m.proposal && m.state !== "same" ? [{ index, before: m.decided, after: m.proposal }] : [],
  );
}

/** `judged[i]`: the evaluator's answer for decided[i] when changedRejections listed it (none: not shown to address its reason). */
export function compareRun(runId: string, decided: DecidedItem[], head: RunSide, candidate: RunSide, judged: readonly (Judgement | undefined)[] = []): RunComparison {
  const items = match(decided, candidate).map((m, i) => {
    const judgement = m.decided.verdict === "rejected" && m.proposal && m.state !== "same" ? judged[i] : undefined;
    return { tool: m.decided.tool, verdict: m.decided.verdict, reason: m.decided.reason, candidate: m.state, ...(judgement ? { judged: judgement } : {}) };
  });
  const rejected = items.filter((i) => i.verdict === "rejected");
  const changed = rejected.filter((i) => i.candidate === "reworded" || i.candidate === "altered");
  const addressed = changed.filter((i) => i.judged?.addresses).length;
  const proposals = candidate.output?.proposals ?? [];
  const headProposals = head.output?.proposals ?? [];
  return {
    runId,
    rejected: rejected.length,
    // No longer made, or made differently in the direction of the person's reason.
    avoided: rejected.filter((i) => i.candidate === "gone").length + addressed,
    confirmed: items.filter((i) => i.verdict === "confirmed").length,
    // An accepted change the candidate still makes (a better explanation does not lose it).
    kept: items.filter((i) => i.verdict === "confirmed" && (i.candidate === "same" || i.candidate === "reworded")).length,
    altered: items.filter((i) => i.verdict === "confirmed" && i.candidate === "altered").length,
    changed: changed.length,
    addressed,
    newProposals: proposals.filter((p) => !headProposals.some((h) => sameChange(h, p))).length,
    head: { score: head.score, tokens: head.tokens },
    candidate: { score: candidate.score, tokens: candidate.tokens },
    items,
  };
}
