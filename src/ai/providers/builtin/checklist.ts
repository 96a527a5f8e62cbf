import { findAmbiguities, shortTitle } from "./ambiguity";
import type { TaskFacts } from "./task";
import { capitalize, sentences, similar, startsWithVerb, stripEnd, truncateWords, words } from "./text";

// Checklist steps derived from a task, best first. Bullets and imperative sentences are taken
// as they are; problem reports become "reproduce" steps, requests become "respond" steps; plain
// context is skipped. Follow-through steps close the list so there are always at least four.

const PROBLEM = /\b(fail(?:s|ed|ing)?|error|crash(?:es|ed)?|broken|wrong|time(?:s|d)? ?out|timeout|doesn't|don't|isn't|aren't|can't|cannot|not (?:work|load|show|receive|arrive)|bug|late|slow|loop|spam|missing|skipped|delayed|stuck)\b/i;
const REQUEST = /\b(ask(?:s|ed|ing)?|request(?:s|ed)?|want(?:s|ed)?|would like|needs?)\b/i;

// Sentence openers that are not names, so they can be lower-cased after "Reproduce the problem:".
const OPENERS = /^(since|after|when|the|they|it|its|there|this|these|some|several|users|our|we|a|an|every|each|now|today|yesterday)\b/i;
const lowerOpener = (s: string) => (OPENERS.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

function fromSentence(s: string): string | null {
  const core = lowerOpener(truncateWords(stripEnd(s).replace(/\?$/, ""), 18));
  if (words(core).length < 2) return null;
  if (startsWithVerb(core)) return capitalize(core);
  const whether = /\b(?:ask(?:s|ed|ing)?|wonder(?:s|ed|ing)?)\s+(whether|if)\s+(.+)$/i.exec(core);
  if (whether) return `Answer ${whether[1].toLowerCase()} ${whether[2]}`;
  if (s.trim().endsWith("?")) return `Clarify with the requester: ${core}?`;
  if (PROBLEM.test(s)) return `Reproduce the problem: ${core}`;
  if (REQUEST.test(s)) return `Respond to the request: ${core}`;
  return null;
}

function fromBullet(line: string): string {
  const core = truncateWords(stripEnd(line), 16);
  return startsWithVerb(core) ? capitalize(core) : `Handle ${core.charAt(0).toLowerCase()}${core.slice(1)}`;
}

export function candidateItems(task: TaskFacts): string[] {
  const bullets = task.description
    .split("\n")
    .map((l) => /^\s*(?:[-*•]|\d+[.)])\s+(?:\[[ xX]\]\s*)?(.+)$/.exec(l)?.[1])
    .filter((l): l is string => Boolean(l));
  const prose = task.description
    .split("\n")
    .filter((l) => !/^\s*(?:[-*•]|\d+[.)])\s+/.test(l))
    .join("\n");
  const name = `"${shortTitle(task)}"`;
  const problem = PROBLEM.test(task.description) || PROBLEM.test(task.title);
  const ambiguous = findAmbiguities(task);

  const derived = [...bullets.map(fromBullet), ...sentences(prose).map(fromSentence).filter((s): s is string => s !== null)];
  const followThrough = [
    // A description that yields no step of its own still gets one about the task itself.
    derived.length ? null : problem ? `Reproduce the problem: ${shortTitle(task)}` : `Draft a first version of ${name}`,
    ambiguous.some((a) => a.kind === "criteria") ? `Write down what done means for ${name} and confirm it` : null,
    problem ? `Verify the fix for ${name} with the people who reported it` : `Review the result of ${name} against the description`,
    `Share a short status update on ${name}`,
    `Confirm the outcome with the requester before closing ${name}`,
  ].filter((s): s is string => s !== null);

  const out: string[] = [];
  for (const item of [...derived, ...followThrough]) {
    const onList = task.checklist.some((c) => similar(c.text, item));
    if (!onList && !out.some((o) => similar(o, item))) out.push(item.slice(0, 500));
  }
  return out;
}
