import { clausesOf, clauseText, readDirectives, type ClauseKind, type ClauseParams } from "./policy";
import { isNumericKind, paramsOf, sameParams } from "./params";

// Editing directives clause by clause, the way a careful person would: a clause that is already
// there is revised where it stands ("at most 8 items" → "at most 5 items", keeping the person's
// own words when only a number changes); a clause people no longer want is taken out; a new one
// goes at the end of the directives' bullet list as "- <canonical sentence>" (no heading). Lines
// that are not clauses of the family are never touched. Every edit is checked by reading the
// result back with readDirectives: one that does not read back as intended is not made. Pure.

export type ClauseEdit = { kind: ClauseKind; to: ClauseParams | null };

export type AppliedEdit = ClauseEdit & {
  /** The sentence that said it before (null: nothing did). */
  before: string | null;
  /** The sentence that says it now (null: removed). */
  after: string | null;
};

export type EditResult = { directives: string; applied: AppliedEdit[]; skipped: ClauseEdit[] };

/** One line cut into the sentences readDirectives reads separately, with what separates them. */
type Line = { parts: string[]; gaps: string[] };

const SENTENCE_BREAK = /(?<=[.!?])(\s+)(?=[A-Z])/;
const MARKER = /^\s*(?:[-*•+]|\d+[.)])\s+/;

const toLines = (text: string): Line[] =>
  text.split("\n").map((line) => {
    const pieces = line.split(SENTENCE_BREAK);
    return { parts: pieces.filter((_, i) => i % 2 === 0), gaps: pieces.filter((_, i) => i % 2 === 1) };
  });

const lineText = ({ parts, gaps }: Line) => parts.map((p, i) => (i ? `${gaps[i - 1] ?? " "}${p}` : p)).join("");

function fromLines(lines: Line[]): string {
  const text = lines
    .filter((l) => l.parts.length > 0)
    .map(lineText)
    .join("\n");
  return text.replace(/\n{3,}/g, "\n\n").trimEnd();
}

/** Where each sentence of the kind is: [line, part]. */
function sentencesOf(lines: Line[], kind: ClauseKind): [number, number][] {
  const at: [number, number][] = [];
  lines.forEach((line, l) => line.parts.forEach((part, p) => clausesOf(part).includes(kind) && at.push([l, p])));
  return at;
}

/** The sentence without its list marker ("- ", "3. "). */
const bare = (part: string) => part.replace(MARKER, "").trim();

function removePart(line: Line, p: number) {
  const marker = p === 0 ? (MARKER.exec(line.parts[0]!)?.[0] ?? "") : "";
  line.parts.splice(p, 1);
  line.gaps.splice(Math.max(0, p - 1), 1);
  if (!line.parts.some((x) => bare(x))) line.parts = [];
  else if (marker && !MARKER.test(line.parts[0]!)) line.parts[0] = `${marker}${line.parts[0]}`;
}

function replacePart(line: Line, p: number, sentence: string) {
  const marker = MARKER.exec(line.parts[p]!)?.[0] ?? "";
  line.parts[p] = `${marker}${sentence}`;
}

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
const NUMBER_TOKEN = new RegExp(String.raw`\b(\d{1,3}|${NUMBER_WORDS.slice(1).join("|")}|fifteen|twenty|thirty|sixty)\b`, "gi");

/**
 * The sentence with its number changed so it reads as `to` and says nothing else differently
 * ("Keep checklists under 8 steps." → "Keep checklists under 6 steps." for at most 5), or null.
 * The person's own wording stays.
 */
/** "Three to five steps", "3–5 items", "between three and five": a range, which one number cannot be renumbered into. */
const RANGE = new RegExp(String.raw`\b(?:\d{1,3}|${NUMBER_WORDS.slice(1).join("|")})\s*(?:to|-|–|—|and)\s*(?:\d{1,3}|${NUMBER_WORDS.slice(1).join("|")})\b`, "i");

function renumbered(sentence: string, to: ClauseParams): string | null {
  if (!("n" in to) || RANGE.test(sentence)) return null;
  const before = readDirectives(sentence);
  const kinds = clausesOf(sentence);
  for (const m of sentence.matchAll(NUMBER_TOKEN)) {
    const word = /^\d+$/.test(m[1]!) ? null : m[1]!;
    for (const n of [to.n, to.n + 1]) {
      const token = word && n < NUMBER_WORDS.length ? (word[0] === word[0]!.toUpperCase() ? `${NUMBER_WORDS[n]![0]!.toUpperCase()}${NUMBER_WORDS[n]!.slice(1)}` : NUMBER_WORDS[n]!) : String(n);
      const next = `${sentence.slice(0, m.index)}${token}${sentence.slice(m.index! + m[0].length)}`;
      const after = readDirectives(next);
      if (JSON.stringify(clausesOf(next)) !== JSON.stringify(kinds) || !sameParams(paramsOf(after, to.kind), to)) continue;
      const others = kinds.filter((k) => k !== to.kind);
      if (others.every((k) => sameParams(paramsOf(after, k), paramsOf(before, k)))) return next;
    }
  }
  return null;
}

/** The sentence with its language changed ("Please answer in French." → "Please answer in German."), or null. */
function relanguaged(sentence: string, to: ClauseParams): string | null {
  if (to.kind !== "language") return null;
  const next = sentence.replace(/\b(English|German|French|Spanish)\b/i, to.language);
  return next !== sentence && sameParams(paramsOf(readDirectives(next), "language"), to) && clausesOf(next).length === clausesOf(sentence).length ? next : null;
}

function setClause(lines: Line[], to: ClauseParams): { before: string | null; after: string } | null {
  const at = sentencesOf(lines, to.kind);
  if (!at.length) return null;
  const [l, p] = at.at(-1)!;
  const line = lines[l]!;
  const before = bare(line.parts[p]!);
  const alone = clausesOf(line.parts[p]!).length === 1;
  // Keep the person's words when only the number or the language changes.
  const edited = isNumericKind(to.kind) ? renumbered(line.parts[p]!, to) : relanguaged(line.parts[p]!, to);
  if (edited) line.parts[p] = edited;
  else if (alone) replacePart(line, p, clauseText(to));
  // A sentence that also says other things keeps them; the new clause follows it (later sentences win).
  else {
    line.parts.splice(p + 1, 0, clauseText(to));
    line.gaps.splice(p, 0, " ");
  }
  // Earlier sentences of the kind are superseded: the ones that say only this go.
  for (const [el, ep] of at.slice(0, -1).reverse()) if (clausesOf(lines[el]!.parts[ep]!).length === 1) removePart(lines[el]!, ep);
  return { before, after: edited ? bare(edited) : clauseText(to) };
}

function removeClause(lines: Line[], kind: ClauseKind): string | null {
  const at = sentencesOf(lines, kind);
  // A sentence that also says something else cannot lose just this clause: leave it all.
  if (!at.length || at.some(([l, p]) => clausesOf(lines[l]!.parts[p]!).length > 1)) return null;
  const before = bare(lines[at.at(-1)![0]]!.parts[at.at(-1)![1]]!);
  for (const [l, p] of [...at].reverse()) removePart(lines[l]!, p);
  return before;
}

/** `lines` as "- " bullets after the last bullet of the directives (or as a new list at the end). */
export function appendBullets(directives: string, sentences: readonly string[]): string {
  if (!sentences.length) return directives;
  const bullets = sentences.map((s) => `- ${s}`);
  const lines = directives.trimEnd().split("\n");
  let last = lines.findLastIndex((l) => /^[-*•+]\s+\S/.test(l));
  if (last < 0) return lines.join("\n").trim() ? `${lines.join("\n")}\n\n${bullets.join("\n")}` : bullets.join("\n");
  // An item's indented continuation lines belong to it.
  while (last + 1 < lines.length && /^\s+\S/.test(lines[last + 1]!)) last++;
  return [...lines.slice(0, last + 1), ...bullets, ...lines.slice(last + 1)].join("\n");
}

/** The directives with each edit made where it reads back as intended; the others are skipped. */
export function applyClauseEdits(directives: string, edits: readonly ClauseEdit[]): EditResult {
  let text = directives;
  const applied: AppliedEdit[] = [];
  const skipped: ClauseEdit[] = [];
  const appended: AppliedEdit[] = [];
  for (const edit of edits) {
    const lines = toLines(text);
    const current = paramsOf(readDirectives(text), edit.kind);
    if (sameParams(current, edit.to)) continue;
    let done: AppliedEdit | null = null;
    if (edit.to === null) {
      const before = removeClause(lines, edit.kind);
      if (before !== null) done = { ...edit, before, after: null };
    } else {
      const set = setClause(lines, edit.to);
      if (set) done = { ...edit, ...set };
    }
    const next = done ? fromLines(lines) : null;
    if (done && next !== null && sameParams(paramsOf(readDirectives(next), edit.kind), edit.to)) {
      text = next;
      applied.push(done);
    } else if (edit.to !== null && !sentencesOf(toLines(text), edit.kind).length) {
      appended.push({ ...edit, before: null, after: clauseText(edit.to) });
    } else {
      skipped.push(edit);
    }
  }
  if (appended.length) {
    // A new clause must read back too (a later line of another kind could override it).
    const all = appendBullets(text, appended.map((a) => a.after!));
    const ok = appended.filter((a) => sameParams(paramsOf(readDirectives(all), a.kind), a.to));
    text = appendBullets(text, ok.map((a) => a.after!));
    applied.push(...ok);
    skipped.push(...appended.filter((a) => !ok.includes(a)).map(({ kind, to }) => ({ kind, to })));
  }
  // In the order the edits were asked for.
  applied.sort((a, b) => edits.findIndex((e) => e.kind === a.kind) - edits.findIndex((e) => e.kind === b.kind));
  return { directives: text, applied, skipped };
}
