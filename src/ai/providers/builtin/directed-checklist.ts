import type { DirectivePolicy } from "@/ai/directives/policy";
import { blockingFirst } from "./blocking";
import { askCriteriaItem, asksForCriteria, WRITE_DOWN_DONE } from "./criteria";
import type { TaskFacts } from "./task";
import { similar } from "./text";

// The proposed checklist under the directives: the criteria step first (criteria.ask), blocking
// steps first (checklist.blockingFirst), then at most `cap` items, and at most checklist.maxItems.
// With no such clause it is `items.slice(0, cap)`.

export function directChecklist(items: string[], task: TaskFacts, policy: DirectivePolicy, cap: number): string[] {
  let out = items;
  if (asksForCriteria(task, policy)) {
    const ask = askCriteriaItem(task);
    const onList = task.checklist.some((c) => similar(c.text, ask));
    out = [...(onList ? [] : [ask]), ...out.filter((i) => !WRITE_DOWN_DONE.test(i) && !similar(i, ask))];
  }
  if (policy.checklist.blockingFirst) out = blockingFirst(out);
  return out.slice(0, Math.min(cap, policy.checklist.maxItems ?? Infinity));
}
