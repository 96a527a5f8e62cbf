import type { TaskFacts } from "./task";
import { sentences, stripEnd, truncateWords } from "./text";

// What is unclear about a task. Each finding becomes an observation (record_observation) and a
// risk in the report, so the rules live in one place.

export type AmbiguityKind = "question" | "tbd" | "vague" | "criteria" | "date";
/** `quote`: the words that triggered it ("TBD", "maybe"), so the risk can be written in another language. */
export type Ambiguity = { kind: AmbiguityKind; observation: string; risk: string; mitigation: string; quote?: string };

const VAGUE = /\b(maybe|somehow|probably|possibly|not sure|unclear|some kind of|something like|etc)\b/i;
const TBD = /\b(TBD|TBC|TODO|to be (?:decided|defined|confirmed))\b/i;
const CRITERIA = /\b(acceptance|done when|definition of done|should|must|expected|so that|success)\b/i;
const DATE =
  /\b(deadline|due|today|tomorrow|tonight|this week|next week|end of (?:day|week|month)|eod|q[1-4]|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2})\b/i;

/** How steps and notes refer to the task: "Acme: CSV export fails" → "CSV export fails". */
export function shortTitle(task: TaskFacts): string {
  const title = task.title.trim() || "this task";
  const [prefix, ...rest] = title.split(/:\s+/);
  const body = rest.length && prefix.split(/\s+/).length <= 3 && rest.join(": ").split(/\s+/).length >= 3 ? rest.join(": ") : title;
  return truncateWords(body, 8);
}

export function findAmbiguities(task: TaskFacts): Ambiguity[] {
  const text = `${task.title}\n${task.description}`;
  const name = `"${shortTitle(task)}"`;
  const found: Ambiguity[] = [];
  const question = sentences(task.description).find((s) => s.endsWith("?"));
  if (question) {
    found.push({
      kind: "question",
      observation: `The description leaves a question open ("${truncateWords(question, 14)}"); the answer may change the scope.`,
      risk: "An open question in the description may change the scope",
      mitigation: "ask the requester before starting the affected step",
    });
  }
  const tbd = TBD.exec(text);
  if (tbd) {
    found.push({
      kind: "tbd",
      quote: tbd[1],
      observation: `Part of the scope is still "${tbd[1]}"; I left it out of the checklist until it is decided.`,
      risk: `Part of the scope is still "${tbd[1]}"`,
      mitigation: "get a decision from the requester and add the steps then",
    });
  }
  const vague = VAGUE.exec(text);
  if (vague) {
    found.push({
      kind: "vague",
      quote: vague[1],
      observation: `The description is vague ("${vague[1]}"); worth confirming what is actually wanted.`,
      risk: `The wording is vague ("${vague[1]}"), so the result may miss what was meant`,
      mitigation: "confirm the expected outcome in one sentence with the requester",
    });
  }
  if (!CRITERIA.test(text)) {
    found.push({
      kind: "criteria",
      observation: `No acceptance criteria for ${name}; I assume it is done when the described problem no longer occurs.`,
      risk: "Without acceptance criteria the result may not match what the requester expects",
      mitigation: "write down what done means and confirm it",
    });
  }
  if (!DATE.test(text)) {
    found.push({
      kind: "date",
      observation: `No due date is given for ${name}; I treat it as normal priority.`,
      risk: "No due date is given, so the task may slip behind other work",
      mitigation: "agree on a date with the requester",
    });
  }
  return found;
}

/** "Risk. To reduce it: mitigation." (`toReduce` is the phrase in the report's language.) */
export const describeRisk = (a: Pick<Ambiguity, "risk" | "mitigation">, toReduce = "To reduce it") => `${stripEnd(a.risk)}. ${toReduce}: ${stripEnd(a.mitigation)}.`;
