import { SECTION, WakeOutputSchema, type Evaluation, type Gate } from "@/ai/prompts/task-agent";
import { checksFor } from "./gate-checks";
import { readOutputFacts } from "./output-facts";
import { leadingJson, section } from "./prompt";
import type { ParsedTask } from "./task";

// Evaluate phase: one entry per gate in the order given, as EvaluationSchema expects.

export function evaluateOutput(user: string, task: ParsedTask): Evaluation {
  const gatesJson = leadingJson(section(user, SECTION.gates));
  const gates = (Array.isArray(gatesJson) ? gatesJson : []).filter((g): g is Gate => typeof g?.name === "string");
  const output = WakeOutputSchema.safeParse(leadingJson(section(user, SECTION.output)));
  if (!output.success) {
    return { gates: gates.map((g) => ({ name: g.name, value: 0, feedback: "The output could not be read as the expected JSON (proposals, report, observations)." })) };
  }
  const facts = readOutputFacts(task, output.data);
  return {
    gates: gates.map((gate) => {
      const results = checksFor(gate).map((check) => check(facts));
      const total = results.reduce((n, r) => n + r.weight, 0);
      const met = results.filter((r) => r.ok).reduce((n, r) => n + r.weight, 0);
      const failed = results.filter((r) => !r.ok).map((r) => r.feedback);
      return { name: gate.name, value: Math.round((met / total) * 100) / 100, feedback: failed.length ? failed.join(" ") : "Meets the bar." };
    }),
  };
}
