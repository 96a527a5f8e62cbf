// How a reviewer reads an agent's report (markdown): its sections, how many sentences it takes
// to read, whether it is bullets, which language it is in. Pure.

export type ReportShape = {
  sections: { name: string; lines: string[] }[];
  sentences: number;
  words: number;
  bullets: boolean;
  language: "English" | "German" | "French" | "Spanish";
};

const HEADING = /^#{1,6}\s+(.+?)\s*#*$/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+/;

/** Sentences as a reader counts them: a list item is one, a heading none, prose by its full stops. */
function sentencesOf(line: string): number {
  if (!line.trim() || HEADING.test(line)) return 0;
  if (LIST_ITEM.test(line)) return 1;
  return line
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\d]/u.test(s)).length;
}

const STOPWORDS: Record<ReportShape["language"], string[]> = {
  English: ["the", "and", "is", "to", "for", "with", "of", "it"],
  German: ["der", "die", "das", "und", "nicht", "ist", "mit", "für", "zu", "ein", "eine"],
  French: ["le", "la", "les", "et", "est", "pour", "avec", "une", "des", "du"],
  Spanish: ["el", "los", "las", "y", "es", "para", "con", "una", "por", "del"],
};

function languageOf(text: string): ReportShape["language"] {
  const words = text.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  let best: ReportShape["language"] = "English";
  let bestCount = 0;
  for (const [language, list] of Object.entries(STOPWORDS) as [ReportShape["language"], string[]][]) {
    const set = new Set(list);
    const count = words.filter((w) => set.has(w)).length;
    if (count > bestCount) [best, bestCount] = [language, count];
  }
  return best;
}

export function reportShape(markdown: string): ReportShape {
  const lines = markdown.split("\n");
  const sections: ReportShape["sections"] = [{ name: "", lines: [] }];
  for (const line of lines) {
    const heading = HEADING.exec(line.trim());
    if (heading) sections.push({ name: heading[1]!.trim().toLowerCase(), lines: [] });
    else if (line.trim()) sections.at(-1)!.lines.push(line.trim());
  }
  const body = lines.filter((l) => l.trim() && !HEADING.test(l.trim()));
  return {
    sections: sections.filter((s) => s.name || s.lines.length),
    sentences: lines.reduce((n, l) => n + sentencesOf(l), 0),
    words: (markdown.match(/[\p{L}\d]+/gu) ?? []).length,
    bullets: body.length > 0 && body.every((l) => LIST_ITEM.test(l)),
    language: languageOf(markdown),
  };
}
