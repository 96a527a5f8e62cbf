import type { Criterion } from "./gate-checks";
import type { OutputFacts } from "./output-facts";

// A gate must check what it names: "Correct routing" cannot pass on an output that never says where
// the ticket goes, nor "Priority matches SLA" on one that names no priority. When a gate's name or
// description names one of these subjects, the output (report, proposals, checklist items) must
// mention it; if it does not, the gate gets a criterion as heavy as all its others together, so it
// scores at most 0.5, with feedback saying what is missing. Pure.

type Subject = { gate: RegExp; output: RegExp; missing: string };

const SUBJECTS: Subject[] = [
  { gate: /\brout(?:e|es|ed|ing)\b|\bqueue\b|\bassign(?:ment|ee)?\b|\bhand-?off\b|\bescalat/i, output: /\brout(?:e|es|ed|ing)\b|\bqueue\b|\bassign\w*\b|\bhand (?:it )?(?:over|off)\b|\bforward\w*\b|\bescalat\w*\b|\b(?:to|for) the [\w-]+ (?:team|queue|desk)\b|\bteam\b/i, missing: "where the task goes (which queue, team or person takes it)" },
  { gate: /\bpriorit\w*\b|\bsla\b|\burgen\w*\b|\bseverity\b/i, output: /\bpriorit\w*\b|\bP[0-4]\b|\bsla\b|\burgen\w*\b|\bseverity\b|\bsev ?[0-4]\b|\bcritical\b|\bblocker\b/i, missing: "a priority (P1–P4, urgency or severity)" },
  { gate: /\bcustomer (?:reply|response|message|update)\b|\breply to the customer\b/i, output: /\b(?:reply|respond|response|write|message|update|tell|email)\w*\b[^.]{0,40}\bcustomer\b|\bcustomer\b[^.]{0,40}\b(?:reply|response|update|message)\b/i, missing: "what the customer is told" },
];

/** The criteria the gate's named subjects add (none when it names none), weighed against the family's `otherWeight`. */
export function namedSubjectCriteria(gate: { name: string; description?: string }, facts: OutputFacts, otherWeight: number): Criterion[] {
  const named = `${gate.name} ${gate.description ?? ""}`;
  const text = [facts.report, ...facts.output.proposals.map((p) => p.summary), ...facts.items].join("\n");
  return SUBJECTS.filter((s) => s.gate.test(named)).map((s) => ({
    weight: Math.max(1, otherWeight),
    ok: s.output.test(text),
    feedback: `The gate "${gate.name}" checks ${s.missing}, but neither the report nor the proposals say it; state it explicitly.`,
  }));
}
