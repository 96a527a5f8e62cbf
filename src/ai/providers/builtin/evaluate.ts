import { EMPTY_POLICY, type DirectivePolicy } from "@/ai/directives/policy";
import type { Evaluation, Gate, WakeOutput } from "@/ai/prompts/task-agent";
import { directiveCriteria } from "./directive-checks";
import { checksFor, familyName } from "./gate-checks";
import { namedSubjectCriteria } from "./gate-subjects";
import { readOutputFacts } from "./output-facts";
import type { TaskFacts } from "./task";

// Evaluate phase: one entry per gate in the order given, as EvaluationSchema expects. Each gate's
// family of checks, plus whether the output follows the directives' clauses of that family, plus
// whether the output says what the gate names (routing, priority, the customer's reply).

export function evaluateOutput(task: TaskFacts, gates: Gate[], output: WakeOutput, policy: DirectivePolicy = EMPTY_POLICY): Evaluation {
  const facts = readOutputFacts(task, output, policy);
  return {
    gates: gates.map((gate) => {
      const own = [...checksFor(gate).map((check) => check(facts)), ...directiveCriteria(familyName(gate), facts)];
      // A gate must find what it names in the output (gate-subjects.ts).
      const results = [...own, ...namedSubjectCriteria(gate, facts, own.reduce((n, r) => n + r.weight, 0))];
      const total = results.reduce((n, r) => n + r.weight, 0);
      const met = results.filter((r) => r.ok).reduce((n, r) => n + r.weight, 0);
      const failed = results.filter((r) => !r.ok).map((r) => r.feedback);
      return { name: gate.name, value: Math.round((met / total) * 100) / 100, feedback: failed.length ? failed.join(" ") : "Meets the bar." };
    }),
  };
}
