import type { DirectivePolicy } from "@/ai/directives/policy";
import { findAmbiguities, shortTitle, type Ambiguity } from "./ambiguity";
import type { TaskFacts } from "./task";

// The "criteria.ask" clause: a task without acceptance criteria (ambiguity.ts's "criteria" kind)
// gets a checklist step and an observation that ask for them, instead of an assumption.

/** The step the agent proposes; it is a blocking step ("ask …", see blocking.ts). */
export const askCriteriaItem = (task: TaskFacts) => `Ask the requester for the acceptance criteria of "${shortTitle(task)}"`;

/** The follow-through step candidateItems writes when no clause asks (the ask replaces it). */
export const WRITE_DOWN_DONE = /^Write down what done means for /;

export const asksForCriteria = (task: TaskFacts, policy: DirectivePolicy) => policy.criteria.ask && findAmbiguities(task).some((a) => a.kind === "criteria");

/** The ambiguities in the order their observations are recorded: with the clause, the criteria one first and asking. */
export function directedAmbiguities(task: TaskFacts, policy: DirectivePolicy): Ambiguity[] {
  const found = findAmbiguities(task);
  if (!policy.criteria.ask) return found;
  const criteria = found.find((a) => a.kind === "criteria");
  if (!criteria) return found;
  const asking = { ...criteria, observation: `No acceptance criteria for "${shortTitle(task)}": what must be true when it is done? I added a checklist step to ask the requester.` };
  return [asking, ...found.filter((a) => a !== criteria)];
}
