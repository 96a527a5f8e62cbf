import type { TaskFacts } from "./task";

// Where a ticket goes and how urgent it is, read from its words: what the built-in task agent states
// when an evaluator's gate asks for routing or a priority ("Correct routing", "Priority matches
// SLA"). A keyword reading, like the rest of the built-in model; a hosted model does this itself.

const AREAS: [string, RegExp][] = [
  ["security", /\b(?:security|vulnerab\w*|breach|phishing|xss|csrf|leak\w*|exploit\w*)\b/i],
  ["billing", /\b(?:billing|invoice\w*|refund\w*|charg\w*|payment\w*|subscription\w*|vat|credit card)\b/i],
  ["authentication", /\b(?:log ?in|sign[- ]?in|password\w*|2fa|mfa|sso|auth\w*|reset link)\b/i],
  ["data export", /\b(?:export\w*|csv|gdpr|subject access|download all)\b/i],
  ["integrations", /\b(?:api|webhook\w*|integration\w*|slack|zapier|salesforce)\b/i],
  ["mobile", /\b(?:ios|android|mobile|app store|iphone)\b/i],
  ["notifications", /\b(?:notification\w*|e-?mails?|mentions?|push)\b/i],
  ["performance", /\b(?:slow\w*|timeouts?|latency|performance|lag\w*)\b/i],
  ["accounts", /\b(?:accounts?|profile|delete (?:my|our)|users?)\b/i],
];

export type Triage = { area: string; priority: "P1" | "P2" | "P3" | "P4" };

export function triage(task: Pick<TaskFacts, "title" | "description">): Triage {
  const text = `${task.title}\n${task.description}`;
  const area = AREAS.find(([, re]) => re.test(text))?.[0] ?? "engineering";
  const priority = /\b(?:outage|down for (?:all|everyone)|all (?:customers|users)|data loss|breach|cannot (?:log ?in|pay) at all)\b/i.test(text)
    ? "P1"
    : /\b(?:blocked|cannot|can't|unable|fail(?:s|ed|ing)?|charged twice|broken|error)\b/i.test(text)
      ? "P2"
      : /^(?:how|what|why|can|is|does|do)\b|\?\s*$/i.test(task.title.trim())
        ? "P4"
        : "P3";
  return { area, priority };
}

/** "Priority P2; route it to the billing queue." */
export const triageLine = (t: Triage) => `Priority ${t.priority}; route it to the ${t.area} queue.`;
