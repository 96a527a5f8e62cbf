import type { ReplaySummary } from "@/features/replay/score";
import { fillPlaceholders } from "./personas/expression";
import type { Owner } from "./personas/load";
import type { Random } from "./random";

// The simulated owner's decision on a ritual's proposal, by the persona file's policy: always,
// never, by the improver's confidence, or by the replay check ("replay-favourable": the check
// finished, keeps at least `minKept` of what people accepted, avoids at least `minAvoided`
// rejections — or there were none to avoid — and avoids at least `minNet` more rejections than it
// loses acceptances; a change that leaves every proposal as it was — only the reports differ — is
// judged by what the check expects of the ratings instead: favourable unless they are expected to
// fall). A draft (confidence under 0.8) cannot be approved:
// the owner ignores it (the ritual expires after 7 days) or rejects it. Pure.

export type ReplayOutcome = { status: "done" | "failed" | "skipped"; summary: ReplaySummary | null; error?: string };
export type OwnerDecision = { action: "approve"; rating: number } | { action: "reject"; reason: string } | { action: "ignore" };

/** Why the replay check is not favourable, for the owner's words. */
function replayShortfall(owner: Owner, replay: ReplayOutcome): "failed" | "lost" | "notAvoided" | null {
  const s = replay.summary;
  const { minKept, minAvoided, minNet } = owner.favourable;
  if (replay.status !== "done" || !s) return "failed";
  if (s.proposalsUnchanged && s.runs > 0) return (s.predicted?.rating?.candidate ?? 0) < (s.predicted?.rating?.head ?? 0) - 0.02 ? "notAvoided" : null;
  if (s.rejections > 0 && s.avoided.value < minAvoided) return "notAvoided";
  if (s.keptRate.value < minKept) return "lost";
  if (s.avoided.value - s.lost < minNet) return s.lost > 0 ? "lost" : "notAvoided";
  return null;
}

export const isFavourable = (owner: Owner, replay: ReplayOutcome) => replayShortfall(owner, replay) === null;

function wouldApprove(owner: Owner, confidence: number, replay: ReplayOutcome): boolean {
  switch (owner.policy.kind) {
    case "always":
      return true;
    case "never":
      return false;
    case "confidence":
      return confidence >= owner.policy.min;
    case "replay-favourable":
      return isFavourable(owner, replay);
  }
}

export function ownerDecides(owner: Owner, proposal: { status: string; confidence: number }, replay: ReplayOutcome, rng: Random): OwnerDecision {
  const s = replay.summary;
  const values: Record<string, string> = {
    avoided: String(s?.avoided.value ?? 0),
    rejections: String(s?.rejections ?? 0),
    lost: String(s?.lost ?? 0),
    acceptances: String(s?.acceptances ?? 0),
    kept: `${Math.round((s?.keptRate.value ?? 0) * 100)}%`,
    runs: String(s?.runs ?? 0),
    confidence: proposal.confidence.toFixed(2),
  };
  const phrase = (list: string[]) => fillPlaceholders(rng.pick(list), (name) => values[name]);
  if (proposal.status === "draft") return owner.drafts === "ignore" ? { action: "ignore" } : { action: "reject", reason: phrase(owner.say.draft ?? owner.say.reject) };
  if (wouldApprove(owner, proposal.confidence, replay)) return { action: "approve", rating: owner.rating };
  const shortfall = owner.policy.kind === "replay-favourable" ? replayShortfall(owner, replay) : null;
  return { action: "reject", reason: phrase((shortfall && shortfall !== "failed" && owner.say[shortfall]) || owner.say.reject) };
}
