import type { Language } from "@/ai/directives/policy";
import type { AmbiguityKind } from "./ambiguity";
import { englishRationale, type EstimateBasis } from "./estimate";
import { TRANSLATED } from "./phrases-translated";

// The report's headings and fixed phrases, per language (the "language" directive clause). English
// is what the report has always said; the task's own text is never translated.

export type RiskText = { risk: string; mitigation: string };

export type Phrases = {
  headings: { summary: string; next: string; risks: string; estimate: string };
  status: { open: string; in_progress: string; done: string };
  theTask: string;
  /** `"Title" is open.` */
  is: (subject: string, status: string) => string;
  noChecklist: string;
  progress: (done: number, total: number) => string;
  finishedNext: [string, string];
  noSteps: string;
  /** The canned risks, and the ambiguities' by kind; a kind left out is written in the ambiguity's own (English) words. */
  risks: { finished: () => RiskText; unknowns: () => RiskText } & Partial<Record<AmbiguityKind, (quote?: string) => RiskText>>;
  topicRisk: (topics: string) => RiskText;
  toReduce: string;
  rationale: (basis: EstimateBasis) => string;
  /** The range clause of a rationale: "a range of 45–90 min for risky work (billing), so I propose the upper bound". */
  range: (range: string, topics: string) => string;
  propose: (minutes: string, why: string) => string;
  current: (minutes: string, fits: boolean, own: string, why: string) => string;
  notEstimated: (own: string, why: string) => string;
};

export const ENGLISH: Phrases = {
  headings: { summary: "Summary", next: "Next steps", risks: "Risks", estimate: "Estimate" },
  status: { open: "open", in_progress: "in progress", done: "done" },
  theTask: "The task",
  is: (subject, status) => `${subject} is ${status}.`,
  noChecklist: "There is no checklist yet.",
  progress: (done, total) => `${done} of ${total} checklist items ${done === 1 ? "is" : "are"} done.`,
  finishedNext: ["Confirm the outcome with the requester.", "Close the task once it is confirmed."],
  noSteps: "Break the task into concrete steps.",
  risks: {
    finished: () => ({ risk: "The result may not hold once more people rely on it", mitigation: "check back with the requester in a week" }),
    unknowns: () => ({ risk: "Unknowns may surface once work starts", mitigation: "post an update after the first step" }),
  },
  topicRisk: (t) => ({ risk: `The task touches ${t}, where mistakes are costly`, mitigation: `have someone who knows ${t} review the work before it is final` }),
  toReduce: "To reduce it",
  rationale: englishRationale,
  range: (range, topics) => `a range of ${range} for risky work (${topics}), so I propose the upper bound`,
  propose: (m, why) => `I propose ${m}: ${why}`,
  current: (m, fits, own, why) => `The current estimate of ${m} ${fits ? "fits" : "looks off for"} the open work. My rule gives ${own}: ${why}`,
  notEstimated: (own, why) => `Not estimated yet. My rule gives ${own}: ${why}`,
};

export const phrasesFor = (language: Language | null): Phrases => (language && language !== "English" ? TRANSLATED[language] : ENGLISH);

/** The headings in the other languages, as lower-case alternatives for readers of a report (the evaluator, refine). */
export const TRANSLATED_HEADINGS = {
  summary: "zusammenfassung|résumé|resumen",
  next: "nächste|prochaines|próximos",
  risks: "risiken|risques|riesgos",
  estimate: "schätzung|estimation|estimación",
} as const;
