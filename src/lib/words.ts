// Every enum value and agent tool name reaches people in words, through this one module (pure;
// server and client). Named values have a phrase of their own; any other identifier (a Prisma
// enum value added later, a tool of an external agent) is spelled out — underscores and camelCase
// humps become spaces — so no raw identifier is ever shown. tests/unit/lib/words.test.ts runs every
// value of every enum and every tool through it.

/** The agents' tools, as people name what they propose or write. */
const TOOLS: Record<string, { label: string; noun: string }> = {
  propose_status: { label: "Status", noun: "status change" },
  propose_checklist_items: { label: "Checklist", noun: "checklist" },
  propose_estimate: { label: "Estimate", noun: "estimate" },
  write_report: { label: "Report", noun: "report" },
  record_observation: { label: "Observation", noun: "observation" },
};

/** Values whose spelled-out form would read wrong. */
const PHRASES: Record<string, string> = {
  in_progress: "in progress",
  harm_detected: "harm detected",
  rolled_back: "rolled back",
  timeToDone: "time to done",
  negativeFeedback: "negative feedback",
  taskAgent: "task agent",
  templateImprover: "improver",
  metaImprover: "meta-improver",
  openai: "OpenAI",
};

/** "in_progress" → "in progress", "timeToDone" → "time to done", "propose_checklist_items" → "checklist". Lowercase unless a name. */
export function inWords(value: string): string {
  if (TOOLS[value]) return TOOLS[value].noun;
  if (PHRASES[value]) return PHRASES[value];
  return value
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
}

/** Sentence case: "in progress" → "In progress" (labels, badges, filter options). */
export function labelOf(value: string): string {
  if (TOOLS[value]) return TOOLS[value].label;
  const words = inWords(value);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The noun for what an agent's tool proposes: "checklist", "status change", "estimate". */
export function toolNoun(tool: string): string {
  return TOOLS[tool]?.noun ?? inWords(tool.replace(/^propose_/, ""));
}

export const KNOWN_TOOLS = Object.keys(TOOLS);
