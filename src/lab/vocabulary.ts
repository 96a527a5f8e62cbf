// The words simulated reviewers read proposals with: which checklist steps block the others,
// which words are jargon, which topics make work risky. The lab's own lists — written apart from
// the built-in agents' (src/ai/providers/builtin), so a reviewer judges as a person would, not by
// the agent's own rules. A persona file may replace any list (docs/LAB.md).

export type Vocabulary = {
  /** A checklist step that starts with one of these (any case) gets what the rest of the work needs. */
  blocking: string[];
  /** Words (whole, any case) a reviewer calls jargon in a report. */
  jargon: string[];
  /** Topic → words that put a ticket on that topic (a substring of the ticket's text, any case). */
  topics: Record<string, string[]>;
  /** Words that say a ticket already has acceptance criteria. */
  criteria: string[];
};

export const DEFAULT_VOCABULARY: Vocabulary = {
  blocking: [
    "reproduce",
    "clarify",
    "ask ",
    "ask the",
    "agree on",
    "decide",
    "back up",
    "get access",
    "request access",
    "obtain",
    "get approval",
    "get sign-off",
    "confirm the scope",
    "confirm the requirements",
    "confirm access",
    "write down what done means",
    "collect the logs",
  ],
  jargon: ["asap", "eta", "eod", "wip", "pr", "prs", "qa", "sla", "slas", "api", "apis", "sso", "webhook", "webhooks", "prod", "deploy", "deployed", "deployment", "refactor", "stakeholders", "leverage", "utilize", "repro", "rca"],
  topics: {
    billing: ["billing", "invoice", "refund", "charged", "payment", "subscription"],
    security: ["security", "password", "2fa", "breach", "vulnerab", "phishing", "permission", "leaked"],
    "data export": ["data export", "export"],
    sso: ["sso", "single sign-on", "saml", "okta"],
    migration: ["migration", "migrate"],
  },
  criteria: ["acceptance criteria", "done when", "definition of done", "it is done when"],
};
