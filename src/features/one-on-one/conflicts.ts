// Preference conflicts (pure): two reviewers who decide the same kind of agent proposal (a `tool`)
// systematically differently — one confirms what the other rejects. Left alone, the improver reads
// the rejections of one and the confirmations of the other as feedback and flip-flops between
// their preferences; a conflict card asks the team to settle it instead.
//
// The test is Fisher's exact test (two-sided) on each pair's 2×2 table (confirmed / rejected ×
// reviewer). With the small counts a reviewer has on one tool in a few weeks (5 to 30 decisions),
// the two-proportion z-test's normal approximation is unreliable (its expected cells fall below 5
// and it over-rejects); Fisher's test is exact at any size and cheap at these counts. The level is
// 1% rather than 5% because each ritual tests every pair of reviewers on every tool: a stricter
// level keeps false cards rare, and a real disagreement (9 of 10 against 1 of 9) passes it by far.
// A significant but small difference is not a conflict: the confirm rates must also be at least 40
// points apart, and each reviewer needs 5 decided proposals of that tool (5 of 5 against 0 of 5 is
// the smallest table that can pass).

import { fisherExact } from "@/lib/tests-of-counts";
import { toolWords } from "@/lib/words";

/** Decisions looked at: 8 weeks, long enough to reach 5 decisions per reviewer on a tool. */
export const CONFLICT_WINDOW_DAYS = 56;
export const CONFLICT_MIN_DECISIONS = 5;
export const CONFLICT_MIN_GAP = 0.4;
export const CONFLICT_ALPHA = 0.01;

/** One reviewer's verdicts on one tool in the window (deferrals are not verdicts). */
export type ReviewerTally = { tool: string; userId: string; confirmed: number; rejected: number };

export type ReviewerFigures = { userId: string; confirmed: number; rejected: number };

export type DetectedConflict = {
  tool: string;
  /** The two user ids, sorted, joined by ":". */
  pairKey: string;
  /** The reviewer who confirms more first. */
  reviewers: [ReviewerFigures, ReviewerFigures];
  pValue: number;
  /** Difference of the confirm rates (first − second), in [0.4, 1]. */
  gap: number;
};

export const pairKeyOf = (a: string, b: string) => [a, b].sort().join(":");

const rate = (r: ReviewerFigures) => r.confirmed / (r.confirmed + r.rejected);

/** Pairs of reviewers whose confirm rates on a tool differ significantly and by at least 40 points, most significant first. */
export function detectConflicts(tallies: ReviewerTally[]): DetectedConflict[] {
  const byTool = new Map<string, ReviewerFigures[]>();
  for (const t of tallies) {
    if (t.confirmed + t.rejected < CONFLICT_MIN_DECISIONS) continue;
    byTool.set(t.tool, [...(byTool.get(t.tool) ?? []), { userId: t.userId, confirmed: t.confirmed, rejected: t.rejected }]);
  }
  const out: DetectedConflict[] = [];
  for (const [tool, reviewers] of byTool) {
    for (let i = 0; i < reviewers.length; i++) {
      for (let j = i + 1; j < reviewers.length; j++) {
        const [hi, lo] = rate(reviewers[i]!) >= rate(reviewers[j]!) ? [reviewers[i]!, reviewers[j]!] : [reviewers[j]!, reviewers[i]!];
        const gap = rate(hi) - rate(lo);
        if (gap < CONFLICT_MIN_GAP) continue;
        const pValue = fisherExact(hi.confirmed, hi.rejected, lo.confirmed, lo.rejected);
        if (pValue >= CONFLICT_ALPHA) continue;
        out.push({ tool, pairKey: pairKeyOf(hi.userId, lo.userId), reviewers: [hi, lo], pValue, gap });
      }
    }
  }
  return out.sort((x, y) => x.pValue - y.pValue || x.tool.localeCompare(y.tool) || x.pairKey.localeCompare(y.pairKey));
}

/** "Ana confirmed 9 of 10 proposed status changes, Ben rejected 8 of 9." (the tool in words) */
export function describeConflict(tool: string, reviewers: readonly ReviewerFigures[], nameOf: (userId: string) => string): string {
  const [hi, lo] = reviewers;
  const { plural } = toolWords(tool);
  if (!hi || !lo) return `Reviewers disagree on ${plural}.`;
  return `${nameOf(hi.userId)} confirmed ${hi.confirmed} of ${hi.confirmed + hi.rejected} ${plural}, ${nameOf(lo.userId)} rejected ${lo.rejected} of ${lo.confirmed + lo.rejected}.`;
}

export type Ruling = "confirm" | "reject" | "custom";

/** The team's decision as the improver reads it. */
export function rulingText(tool: string, ruling: Ruling, text: string | null): string {
  const words = text?.trim();
  if (ruling === "custom") return words ?? "";
  const { plural } = toolWords(tool);
  const rule = ruling === "confirm" ? `Confirm ${plural} like these: keep making them` : `Reject ${plural} like these: make fewer of them`;
  return words ? `${rule}. ${words}` : `${rule}.`;
}
