import type { DirectivePolicy } from "@/ai/directives/policy";
import type { TaskFacts } from "./task";

// The topics of a "risks.topics" clause ("Add a Risks section when the task touches security,
// billing.") that this task mentions: whole words, singular or plural, an -ing/-ed form counts too.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function touchedTopics(task: TaskFacts, policy: DirectivePolicy): string[] {
  const text = `${task.title}\n${task.description}`;
  return policy.risks.topics.filter((topic) => {
    const stem = topic.length > 4 ? topic.replace(/s$/, "") : topic;
    return new RegExp(`\\b${escape(stem).replace(/\s+/g, "\\s+")}(?:s|es|ing|ed)?\\b`, "i").test(text);
  });
}
