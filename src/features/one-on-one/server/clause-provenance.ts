import "server-only";
import { db } from "@/server/db";

// Mutation safety: a proposal that drops a clause tied to confirmed behaviour is
// flagged. For each line the proposal removes from the head, walk the head's ancestry to the
// version that introduced it; if that version's rationale speaks of positive feedback (or it was
// an improver proposal a person approved with a high rating), the removal is flagged.

export type ClauseFlag = {
  line: string;
  version: number;
  rationale: string | null;
  /** True: the clause came from a change justified by what works — removing it needs a reason. */
  positive: boolean;
};

/** Words that tie a rationale to confirmed behaviour ("confirmed checklist quality", "praised"). */
const POSITIVE = /\b(confirm(ed|s)?|positive|prais(e|ed)|work(s|ed)? well|accepted|liked|appreciat\w*|rated (high|well)|keep|kept|helpful|good feedback)\b/i;
/** An approved improver proposal rated at least this counts as confirmed by a person. */
const CONFIRMED_RATING = 0.7;

const clauses = (text: string) => new Set(text.split("\n").map((l) => l.trim()).filter((l) => l.length > 3 && !/^#+\s*$/.test(l)));

export function removedLines(head: string, proposed: string): string[] {
  const kept = clauses(proposed);
  return [...clauses(head)].filter((l) => !kept.has(l));
}

type VersionNode = { id: string; number: number; directives: string; rationale: string | null; parentVersionId: string | null; proposal: { userRating: number | null } | null };

/** Pure: the version that introduced `line` along `chain` (head first, oldest last). */
export function originOf(line: string, chain: VersionNode[]): VersionNode | null {
  let origin: VersionNode | null = null;
  for (const v of chain) {
    if (!clauses(v.directives).has(line)) break;
    origin = v;
  }
  return origin;
}

export function isPositive(v: Pick<VersionNode, "rationale" | "proposal">): boolean {
  return (v.rationale !== null && POSITIVE.test(v.rationale)) || (v.proposal?.userRating ?? 0) >= CONFIRMED_RATING;
}

export async function flagRemovedClauses({ workspaceId, templateId, baseVersionId, directives }: { workspaceId: string; templateId: string; baseVersionId: string | null; directives: string }): Promise<ClauseFlag[]> {
  if (!baseVersionId) return [];
  const versions = await db.templateVersion.findMany({
    where: { workspaceId, templateId },
    select: { id: true, number: true, directives: true, rationale: true, parentVersionId: true, proposal: { select: { userRating: true } } },
  });
  const byId = new Map(versions.map((v) => [v.id, v]));
  const chain: VersionNode[] = [];
  for (let v = byId.get(baseVersionId); v && chain.length < versions.length; v = v.parentVersionId ? byId.get(v.parentVersionId) : undefined) chain.push(v);
  const head = chain[0];
  if (!head) return [];
  return removedLines(head.directives, directives).flatMap((line) => {
    const origin = originOf(line, chain);
    if (!origin) return [];
    return [{ line, version: origin.number, rationale: origin.rationale, positive: isPositive(origin) }];
  });
}
