import type { DirectivePolicy } from "@/ai/directives/policy";
import { plainWords } from "./plain-words";
import { words } from "./text";

// The last pass over a report under the directives: plain words (report.plainWords), then at most
// N sentences (report.maxSentences). A sentence is one sentence of prose or one list item; headings
// do not count. When the report is too long, each section first keeps its first sentence (in
// order), then the rest fill up in reading order; a section left with nothing loses its heading.

const HEADING = /^\s{0,3}#{1,6}\s/;
const ITEM = /^\s*(?:[-*•]|\d+[.)])\s+/;
const splitProse = (line: string) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9"'“„«¿¡(])/).filter((s) => words(s).length > 0);

type Unit = { text: string };
type Section = { heading: string | null; lines: Unit[][] };

function parse(md: string): Section[] {
  const sections: Section[] = [];
  for (const line of md.split("\n")) {
    if (HEADING.test(line)) sections.push({ heading: line, lines: [] });
    else if (line.trim()) {
      if (!sections.length) sections.push({ heading: null, lines: [] });
      const s = sections[sections.length - 1];
      s.lines.push(ITEM.test(line) ? [{ text: line }] : splitProse(line).map((text) => ({ text })));
    }
  }
  return sections;
}

/** How many sentences a report has, as report.maxSentences counts them. */
export const reportSentenceCount = (md: string) => parse(md).reduce((n, s) => n + s.lines.flat().length, 0);

export function capSentences(md: string, max: number): string {
  const sections = parse(md);
  if (reportSentenceCount(md) <= max) return md;
  const kept = new Set<Unit>();
  for (const s of sections) {
    const first = s.lines.flat()[0];
    if (first && kept.size < max) kept.add(first);
  }
  for (const unit of sections.flatMap((s) => s.lines.flat())) if (kept.size < max) kept.add(unit);
  return sections
    .map((s) => {
      const lines = s.lines.map((l) => l.filter((u) => kept.has(u)).map((u) => u.text).join(" ")).filter(Boolean);
      return lines.length ? [...(s.heading ? [s.heading] : []), ...lines].join("\n") : null;
    })
    .filter((s): s is string => s !== null)
    .join("\n\n");
}

export function shapeReport(md: string, policy: DirectivePolicy): string {
  let out = policy.report.plainWords ? plainWords(md) : md;
  if (policy.report.maxSentences) out = capSentences(out, policy.report.maxSentences);
  return out;
}
