import { candidateItems } from "./checklist";
import { openItems, type TaskFacts } from "./task";
import { words } from "./text";

// A rough, explainable estimate: a fixed cost to get into the task, a slice per open step, a bit
// per paragraph of description, and extra time for work that usually hides surprises.

const COMPLEX = /\b(migration|integration|refactor|security|performance|database|schema|sso|saml|oauth|production|deploy|api|webhook|billing|payment|android|ios)(?:s|ing|ed)?\b/gi;

export type Estimate = { minutes: number; rationale: string };

export function estimateTask(task: TaskFacts): Estimate {
  const steps = Math.min(8, openItems(task).length + Math.min(6, candidateItems(task).length));
  const reading = 5 * Math.floor(words(task.description).length / 25);
  const complex = [...new Set([...`${task.title} ${task.description}`.matchAll(COMPLEX)].map((m) => m[1].toLowerCase()))].slice(0, 3);
  const raw = 20 + 15 * steps + reading + 30 * complex.length;
  const minutes = Math.max(15, Math.round(raw / 15) * 15);
  const extra = complex.length ? `, plus ${30 * complex.length} min because it touches ${complex.join(", ")}` : "";
  return { minutes, rationale: `about ${steps} steps of work at 15 min each, plus ${20 + reading} min to read up and hand over${extra}.` };
}

/** An estimate is plausible when it is within half to double of the rule above. */
export const plausibleEstimate = (task: TaskFacts, minutes: number) => {
  const own = estimateTask(task).minutes;
  return minutes >= own / 2 && minutes <= own * 2;
};

export const formatMinutes = (m: number) => (m < 60 ? `${m} min` : `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ""}`);
