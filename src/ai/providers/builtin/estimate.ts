import { candidateItems } from "./checklist";
import { openItems, type TaskFacts } from "./task";
import { words } from "./text";

// A rough, explainable estimate: a fixed cost to get into the task, a slice per open step, a bit
// per paragraph of description, and extra time for work that usually hides surprises.

const COMPLEX = /\b(migration|integration|refactor|security|performance|database|schema|sso|saml|oauth|production|deploy|api|webhook|billing|payment|android|ios)(?:s|ing|ed)?\b/gi;

/** What the rule counted, so the rationale can be written in another language too. */
export type EstimateBasis = { steps: number; readMinutes: number; topics: string[] };
export type Estimate = { minutes: number; raw: number; rationale: string; basis: EstimateBasis };

/** The kinds of work that usually hide surprises, as the task names them (at most 3). */
export const complexTopics = (task: TaskFacts): string[] =>
  [...new Set([...`${task.title} ${task.description}`.matchAll(COMPLEX)].map((m) => m[1].toLowerCase()))].slice(0, 3);

/** "about 5 steps of work at 15 min each, plus 25 min to read up and hand over, plus 30 min because it touches api." */
export const englishRationale = ({ steps, readMinutes, topics }: EstimateBasis) =>
  `about ${steps} steps of work at 15 min each, plus ${readMinutes} min to read up and hand over${topics.length ? `, plus ${30 * topics.length} min because it touches ${topics.join(", ")}` : ""}.`;

export function estimateTask(task: TaskFacts): Estimate {
  const steps = Math.min(8, openItems(task).length + Math.min(6, candidateItems(task).length));
  const reading = 5 * Math.floor(words(task.description).length / 25);
  const topics = complexTopics(task);
  const raw = 20 + 15 * steps + reading + 30 * topics.length;
  const minutes = Math.max(15, Math.round(raw / 15) * 15);
  const basis = { steps, readMinutes: 20 + reading, topics };
  return { minutes, raw, rationale: englishRationale(basis), basis };
}

/** An estimate is plausible when it is within half to double of the rule above. */
export const plausibleEstimate = (task: TaskFacts, minutes: number) => {
  const own = estimateTask(task).minutes;
  return minutes >= own / 2 && minutes <= own * 2;
};

export const formatMinutes = (m: number) => (m < 60 ? `${m} min` : `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ""}`);
