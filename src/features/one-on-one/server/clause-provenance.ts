import "server-only";
import type { Db, Tx } from "@/server/db";

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

/** A version as the ancestry walks need it: its text, why and by whom, the proposal (and session) behind it, its probation. */
export type VersionNode = {
  id: string; number: number; directives: string; rationale: string | null; parentVersionId: string | null; createdAt: Date;
  authoredBy: "user" | "agent" | "system";
  author: { name: string | null; email: string | null } | null;
  proposal: { userRating: number | null; session: { id: string; sessionNumber: number; origin: "interactive" | "ritual" } } | null;
  probation: { status: string; effects: unknown } | null;
};

// Oscillation: a proposal that undoes what one of the last REVERSAL_WINDOW versions changed — it
// removes a line that version added, or brings back a line it removed — says so on its card ("this
// reverses the change approved on 3 Sep"): flip-flopping between two people's preferences needs
// new evidence, not another round.

export const REVERSAL_WINDOW = 3;

export type Reversal = { line: string; kind: "removes" | "restores"; version: number; approvedAt: Date };

/** Pure: what `proposed` undoes of the changes the newest versions of `chain` made (head first). */
export function reversalsOf(chain: Pick<VersionNode, "number" | "directives" | "createdAt">[], proposed: string): Reversal[] {
  const head = chain[0];
  if (!head) return [];
  const after = clauses(proposed);
  const now = clauses(head.directives);
  const out: Reversal[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < Math.min(REVERSAL_WINDOW, chain.length - 1); i++) {
    const [version, parent] = [chain[i]!, chain[i + 1]!];
    const [v, p] = [clauses(version.directives), clauses(parent.directives)];
    for (const line of v) if (!p.has(line) && now.has(line) && !after.has(line) && !seen.has(line)) {
      seen.add(line);
      out.push({ line, kind: "removes", version: version.number, approvedAt: version.createdAt });
    }
    for (const line of p) if (!v.has(line) && !now.has(line) && after.has(line) && !seen.has(line)) {
      seen.add(line);
      out.push({ line, kind: "restores", version: version.number, approvedAt: version.createdAt });
    }
  }
  return out;
}

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

/**
 * `fromVersionId` and its ancestors, newest first (one read of the template's versions), through
 * `client`: the caller's transaction when it has one (the approval's oscillation guard), so it never
 * waits for a second connection while holding the session's lock.
 */
export async function chainOf(client: Db | Tx, { workspaceId, templateId, fromVersionId }: { workspaceId: string; templateId: string; fromVersionId: string }): Promise<VersionNode[]> {
  const versions = await client.templateVersion.findMany({
    where: { workspaceId, templateId },
    select: {
      id: true, number: true, directives: true, rationale: true, parentVersionId: true, createdAt: true, authoredBy: true,
      author: { select: { name: true, email: true } },
      proposal: { select: { userRating: true, session: { select: { id: true, sessionNumber: true, origin: true } } } },
      // Its latest probation (a re-promoted version has more than one).
      probations: { orderBy: { startedAt: "desc" }, take: 1, select: { status: true, effects: true } },
    },
  });
  const byId = new Map(versions.map(({ probations, ...v }) => [v.id, { ...v, probation: probations[0] ?? null }]));
  const chain: VersionNode[] = [];
  for (let v = byId.get(fromVersionId); v && chain.length < versions.length; v = v.parentVersionId ? byId.get(v.parentVersionId) : undefined) chain.push(v);
  return chain;
}

/** The clause flags (removals of confirmed behaviour) and reversals of recent changes of a proposal. */
export async function proposalWarnings(client: Db | Tx, { workspaceId, templateId, baseVersionId, directives }: { workspaceId: string; templateId: string; baseVersionId: string | null; directives: string }): Promise<{ flags: ClauseFlag[]; reversals: Reversal[] }> {
  if (!baseVersionId) return { flags: [], reversals: [] };
  const chain = await chainOf(client, { workspaceId, templateId, fromVersionId: baseVersionId });
  const head = chain[0];
  if (!head) return { flags: [], reversals: [] };
  const flags = removedLines(head.directives, directives).flatMap((line) => {
    const origin = originOf(line, chain);
    if (!origin) return [];
    return [{ line, version: origin.number, rationale: origin.rationale, positive: isPositive(origin) }];
  });
  return { flags, reversals: reversalsOf(chain, directives) };
}
