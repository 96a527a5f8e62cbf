// Every text a person types has a length limit; the form says it next to the field and the error
// says the same number, from one constant (pure: schemas, server and client forms share it). The
// field takes the same constant as `limit` (components/ui/field.tsx): it stops typing at the limit
// and counts near it.

export const TEXT_LIMITS = {
  taskTitle: 200,
  taskDescription: 10_000,
  templateName: 80,
  templateDescription: 500,
  directives: 20_000,
  versionRationale: 2_000,
  decisionReason: 2_000,
  proposalReason: 1_000,
  conflictNote: 1_000,
  workspaceName: 60,
  apiKeyName: 60,
  webhookUrl: 2_000,
  webhookDescription: 200,
  chatMessage: 4_000,
  searchQuery: 200,
  email: 254,
  timezone: 64,
} as const;

const n = (max: number) => max.toLocaleString("en");

/** The error: "Use at most 200 characters (this is 10,000)." when the length is known. */
export const atMostMessage = (max: number) => (issue?: { input?: unknown }) =>
  typeof issue?.input === "string" ? `Use at most ${n(max)} characters (this is ${n(issue.input.length)}).` : `Use at most ${n(max)} characters.`;

/** The hint beside the field: "At most 200 characters." */
export const atMostHint = (max: number) => `At most ${n(max)} characters.`;
