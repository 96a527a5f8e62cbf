import type { VersionRow } from "../server/queries";

/** Who wrote a version, in words: the improver, the system, or the person. */
export function authorOf(v: Pick<VersionRow, "authoredBy" | "author">): string {
  if (v.authoredBy === "agent") return "Improver agent";
  if (v.authoredBy === "system") return "System";
  return v.author?.name ?? v.author?.email ?? "A person";
}
