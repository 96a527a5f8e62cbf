import { clausesOf } from "@/ai/directives/policy";
import { sentences } from "./text";

// What a proposal changes in the head's directives, line by line: lines revised in place, added,
// removed. The closing says it ("it changes … to …, adds …"), the revision after a rejection keeps
// or reverts changes one by one, and a follow-up request builds on a proposal made from the head.

export type LineChange = {
  /** The head's line this change replaces or removes; null: an added line. */
  removed: string | null;
  /** The proposal's new line; null: a removed line. */
  added: string | null;
};

type Op = { op: "same" | "del" | "add"; line: string };

/** A longest-common-subsequence line diff (directives are short). */
function diff(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      ops.push({ op: "same", line: a[i]! });
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) ops.push({ op: "add", line: b[j++]! });
    else ops.push({ op: "del", line: a[i++]! });
  }
  return ops;
}

/** An unchanged run, or a changed one: its removed and added lines as the diff has them, paired into changes. */
type Hunk = { kept: string[] } | { del: string[]; add: string[]; changes: LineChange[] };

/** The diff as unchanged runs and changes; the n-th removed and the n-th added line of a run are one revision. */
function hunks(head: string, proposal: string): Hunk[] {
  const out: Hunk[] = [];
  let del: string[] = [];
  let add: string[] = [];
  const flush = () => {
    if (!del.length && !add.length) return;
    // Blank lines go with the changes next to them, never on their own.
    const rd = del.filter((l) => l.trim());
    const ra = add.filter((l) => l.trim());
    const changes: LineChange[] = [];
    for (let k = 0; k < Math.max(rd.length, ra.length); k++) changes.push({ removed: rd[k] ?? null, added: ra[k] ?? null });
    out.push({ del, add, changes });
    del = [];
    add = [];
  };
  for (const op of diff(head.split("\n"), proposal.split("\n"))) {
    if (op.op === "same") {
      flush();
      const last = out.at(-1);
      if (last && "kept" in last) last.kept.push(op.line);
      else out.push({ kept: [op.line] });
    } else (op.op === "del" ? del : add).push(op.line);
  }
  flush();
  return out;
}

export function lineChanges(head: string, proposal: string): LineChange[] {
  return hunks(head, proposal).flatMap((h) => ("changes" in h ? h.changes : []));
}

/**
 * The proposal with only the changes `keep` says yes to (by their index in lineChanges); the
 * others go back to the head's line (or away, for an added line).
 */
export function keepChanges(head: string, proposal: string, keep: (index: number) => boolean): string {
  const lines: string[] = [];
  let index = 0;
  for (const h of hunks(head, proposal)) {
    if ("kept" in h) {
      lines.push(...h.kept);
      continue;
    }
    const kept = h.changes.map(() => keep(index++));
    const reverted = h.changes.filter((c, k) => !kept[k] && c.removed !== null).map((c) => c.removed);
    const added = h.changes.filter((c, k) => kept[k] && c.added !== null).map((c) => c.added);
    lines.push(...h.del.filter((l) => (l.trim() ? reverted.includes(l) : reverted.length > 0)));
    lines.push(...h.add.filter((l) => (l.trim() ? added.includes(l) : added.length > 0)));
  }
  return tidy(lines.join("\n"));
}

/** No runs of blank lines, no trailing ones. */
const tidy = (text: string) => text.replace(/\n{3,}/g, "\n\n").trimEnd();

/** The "- " lines the proposal adds (not the ones it revises): what a follow-up builds on. */
export const addedLines = (head: string, proposal: string) =>
  lineChanges(head, proposal).flatMap((c) => (c.removed === null && c.added !== null ? [c.added.trim().replace(/^[-*•+]\s+/, "")] : []));

/** A revised line's sentences that differ: the paragraph's one changed sentence, not the whole paragraph. */
export function changedSentences(removed: string, added: string): { before: string; after: string } {
  const a = sentences(removed);
  const b = sentences(added);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return { before: a.slice(start, a.length - end).join(" "), after: b.slice(start, b.length - end).join(" ") };
}

/**
 * The proposal was made from this head: every head line that is no clause of the family is still
 * there, in order (clause lines may have been revised or removed).
 */
export function madeFrom(proposal: string, head: string): boolean {
  const want = head
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !clausesOf(l).length);
  let at = 0;
  for (const line of proposal.split("\n")) if (at < want.length && line.trim() === want[at]) at++;
  return at === want.length;
}
