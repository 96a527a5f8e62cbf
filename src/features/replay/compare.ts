import type { Proposal, WakeOutput } from "@/ai/prompts/task-agent";

// One replayed run compared (pure): what people decided on the proposals the run made, against what
// the candidate directives propose on the same inputs. Per decided proposal the candidate makes
// the same one ("same"), the same change in other words ("reworded"), a different change with the
// same tool ("altered": another estimate, a shorter checklist) or none ("gone"). A rejected proposal
// is "avoided" unless it is made again as it was; a confirmed one is "kept" when the same change is
// still made and "lost" when it is gone — an altered one is neither: nobody decided on the new
// change yet. Proposals the head's replay does not make are "new".

export type DecidedItem = { tool: string; args: unknown; summary: string; verdict: "confirmed" | "rejected"; reason: string | null };

export type RunSide = { output: WakeOutput | null; score: number | null; tokens: number };

export type RunComparison = {
  runId: string;
  rejected: number;
  avoided: number;
  confirmed: number;
  kept: number;
  newProposals: number;
  head: { score: number | null; tokens: number };
  candidate: { score: number | null; tokens: number };
  /** What happened to each decided item, for the details view. */
  /** Confirmed proposals the candidate makes differently (counted neither kept nor lost). */
  altered: number;
  items: { tool: string; verdict: "confirmed" | "rejected"; reason: string | null; candidate: CandidateState }[];
};

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

export function compareRun(runId: string, decided: DecidedItem[], head: RunSide, candidate: RunSide): RunComparison {
  const proposals = candidate.output?.proposals ?? [];
  const items = decided.map((d) => {
    const change = proposals.find((p) => sameChange(d, p));
    const state: CandidateState = change ? (sameProposal(d, change) ? "same" : "reworded") : proposals.some((p) => p.tool === d.tool) ? "altered" : "gone";
    return { tool: d.tool, verdict: d.verdict, reason: d.reason, candidate: state };
  });
  const headProposals = head.output?.proposals ?? [];
  return {
    runId,
    rejected: items.filter((i) => i.verdict === "rejected").length,
    // A rejected proposal the candidate no longer makes as it was: gone, altered, or explained otherwise.
    avoided: items.filter((i) => i.verdict === "rejected" && i.candidate !== "same").length,
    confirmed: items.filter((i) => i.verdict === "confirmed").length,
    // An accepted change the candidate still makes (a better explanation does not lose it).
    kept: items.filter((i) => i.verdict === "confirmed" && (i.candidate === "same" || i.candidate === "reworded")).length,
    altered: items.filter((i) => i.verdict === "confirmed" && i.candidate === "altered").length,
    newProposals: proposals.filter((p) => !headProposals.some((h) => sameChange(h, p))).length,
    head: { score: head.score, tokens: head.tokens },
    candidate: { score: candidate.score, tokens: candidate.tokens },
    items,
  };
}
