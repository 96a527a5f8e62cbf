import type * as Enums from "@/generated/prisma/enums";

// Words, not identifiers: the one place where a stored value (a Prisma enum's value, an agent's or
// the improver's tool name) becomes what people read. Pages, components, notifications and the
// questions suggested to people take their words from here; code keeps comparing the raw values.
// Pure (types only from the generated client): client components import it without Prisma.

type EnumName = keyof typeof Enums;
type ValueOf<E extends EnumName> = Extract<(typeof Enums)[E][keyof (typeof Enums)[E]], string>;

/** Every value of every Prisma enum in words (sentence case: a badge, a label, an option). */
export const ENUM_WORDS = {
  Role: { owner: "Owner", admin: "Admin", member: "Member", viewer: "Viewer" },
  EmailStatus: { captured: "Captured", sent: "Sent", failed: "Failed" },
  TemplateKind: { taskAgent: "Task agent", templateImprover: "Template improver", metaImprover: "Meta-improver" },
  AuthoredBy: { system: "System", user: "Person", agent: "Improver" },
  AgentLifecycle: { created: "Created", active: "Active", dormant: "Dormant", destroyed: "Destroyed" },
  TaskStatus: { open: "Open", in_progress: "In progress", done: "Done" },
  WakeReason: { subscription: "New activity", creation: "Task created", reanalysis: "Reanalysis", scheduled: "Scheduled", manual: "Run by hand" },
  WakeRunStatus: { running: "Running", succeeded: "Succeeded", failed: "Failed" },
  MessageKind: { observation: "Observation", report: "Report", user: "Person", assistant: "Assistant", tool: "Tool call", system: "System" },
  ChangeItemStatus: { pending: "Pending", confirmed: "Confirmed", rejected: "Rejected", deferred: "Deferred" },
  Verdict: { confirmed: "Confirmed", rejected: "Rejected", deferred: "Deferred" },
  FunctionRunStatus: { debouncing: "Waiting for quiet", queued: "Queued", running: "Running", waiting: "Waiting", completed: "Completed", failed: "Failed", cancelled: "Cancelled" },
  Sentiment: { positive: "Positive", negative: "Negative", neutral: "Neutral" },
  FeedbackCategory: { accuracy: "Accuracy", communication: "Communication", prioritization: "Prioritization", tooling: "Tooling", timeliness: "Timeliness", general: "General" },
  ClassifiedBy: { rule: "Rule", model: "Model", person: "Person" },
  EvolutionSessionStatus: {
    active: "Active",
    preparing: "Preparing",
    analyzing: "Analyzing",
    proposing: "Proposing",
    awaiting_review: "Awaiting review",
    completed: "Completed",
    abandoned: "Abandoned",
    skipped: "Skipped",
    failed: "Failed",
  },
  SessionOrigin: { interactive: "One-on-one", ritual: "Weekly ritual" },
  EvolutionNoteKind: { reflection: "Reflection", hypothesis: "Hypothesis", decision: "Decision", pattern: "Pattern" },
  ProposalStatus: { draft: "Draft", pending: "Awaiting a decision", approved: "Approved", rejected: "Rejected", superseded: "Superseded" },
  ChatRole: { system: "System", user: "Person", assistant: "Improver" },
  ReplayGuardMode: { advisory: "Advisory", guard: "Guard" },
  ReplayCheckStatus: { queued: "Queued", running: "Running", done: "Done", failed: "Failed" },
  ProbationArm: { candidate: "New version", baseline: "Previous version" },
  ProbationStatus: {
    running: "Running",
    graduated: "Graduated",
    harm_detected: "Harm detected",
    rolled_back: "Rolled back",
    promoted: "Promoted early",
    superseded: "Superseded",
  },
  PreferenceConflictStatus: { open: "Open", settled: "Settled", dismissed: "Dismissed" },
  PreferenceRuling: { confirm: "Confirm them", reject: "Reject them", custom: "The team's own rule" },
  HypothesisMetric: { acceptance: "Acceptance", rating: "Rating", quality: "Quality", timeToDone: "Time to done", tokens: "Tokens", negativeFeedback: "Negative feedback" },
  HypothesisDirection: { increase: "Increase", decrease: "Decrease" },
  HypothesisOutcome: { open: "Open", confirmed: "Confirmed", refuted: "Refuted", inconclusive: "Inconclusive" },
  WebhookFormat: { standard: "Signed JSON", slack: "Slack message" },
  WebhookDeliveryStatus: { pending: "Sending", delivered: "Delivered", failed: "Failed" },
} as const satisfies { [E in EnumName]: Record<ValueOf<E>, string> };

/** A Prisma enum's value in words: enumWords("TaskStatus", "in_progress") → "In progress". */
export const enumWords = <E extends EnumName>(name: E, value: ValueOf<E>): string => (ENUM_WORDS[name] as Record<string, string>)[value as string];

/** The same in running text: "in progress". */
export const enumWordsLower = <E extends EnumName>(name: E, value: ValueOf<E>): string => lowerFirst(enumWords(name, value));

type ToolWords = {
  /** A badge or an option: "Checklist". */
  label: string;
  /** Several of its proposals in a sentence: "proposed checklists". */
  plural: string;
  /** One in a sentence: "a proposed checklist". */
  phrase: string;
};

/** The task agent's tools (src/ai/tools) and the improver's (IMPROVER_TOOLS) in words. */
export const TOOL_WORDS = {
  propose_status: { label: "Status change", plural: "proposed status changes", phrase: "a proposed status change" },
  propose_checklist_items: { label: "Checklist", plural: "proposed checklists", phrase: "a proposed checklist" },
  propose_estimate: { label: "Estimate", plural: "proposed estimates", phrase: "a proposed estimate" },
  write_report: { label: "Report", plural: "reports", phrase: "a report" },
  record_observation: { label: "Observation", plural: "observations", phrase: "an observation" },
  propose_directives: { label: "Proposed directives", plural: "proposed directives", phrase: "proposed directives" },
  record_evolution_note: { label: "Evolution note", plural: "evolution notes", phrase: "an evolution note" },
  fetch_instance_detail: { label: "Instance detail", plural: "instance details", phrase: "a look at one instance" },
} as const satisfies Record<string, ToolWords>;

export type KnownTool = keyof typeof TOOL_WORDS;

const isKnownTool = (tool: string): tool is KnownTool => Object.hasOwn(TOOL_WORDS, tool);
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const spaced = (tool: string) => tool.replaceAll("_", " ").trim();

/**
 * Any tool in words: the known ones from TOOL_WORDS; another (a tool a newer agent reported through
 * the API) spelled out — propose_due_date → "Due date" / "proposed due dates" / "a proposed due date".
 */
export function toolWords(tool: string): ToolWords {
  if (isKnownTool(tool)) return TOOL_WORDS[tool];
  const proposed = tool.startsWith("propose_") ? spaced(tool.slice("propose_".length)) : null;
  const words = proposed ?? spaced(tool);
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  return proposed
    ? { label, plural: `proposed ${proposed}s`, phrase: `a proposed ${proposed}` }
    : { label, plural: `${words} proposals`, phrase: `a proposal to ${words}` };
}

export const toolLabel = (tool: string) => toolWords(tool).label;
