import type { Proposal, WakeOutput } from "@/ai/prompts/task-agent";

// One replayed run compared (pure): what people decided on the proposals the run made, against what
// the candidate directives propose on the same inputs. A rejected proposal is "avoided" when the
// candidate no longer makes it as it was (it is gone, or changed); a confirmed one is "kept" when
// the candidate still makes it (the same change, its wording aside). Proposals the head's replay
// does not make are "new".

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
  items: { tool: string; verdict: "confirmed" | "rejected"; reason: string | null; candidate: "same" | "changed" | "gone" }[];
};

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
    const state: "same" | "changed" | "gone" = !change ? "gone" : sameProposal(d, change) ? "same" : "changed";
    return { tool: d.tool, verdict: d.verdict, reason: d.reason, candidate: state };
  });
  const headProposals = head.output?.proposals ?? [];
  return {
    runId,
    rejected: items.filter((i) => i.verdict === "rejected").length,
    // A rejected proposal the candidate no longer makes as it was: gone, or its change or wording differs.
    avoided: items.filter((i) => i.verdict === "rejected" && i.candidate !== "same").length,
    confirmed: items.filter((i) => i.verdict === "confirmed").length,
    // An accepted change the candidate still makes (a better explanation does not lose it).
    kept: items.filter((i) => i.verdict === "confirmed" && i.candidate !== "gone").length,
    newProposals: proposals.filter((p) => !headProposals.some((h) => sameChange(h, p))).length,
    head: { score: head.score, tokens: head.tokens },
    candidate: { score: candidate.score, tokens: candidate.tokens },
    items,
  };
}
