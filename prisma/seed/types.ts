import type { Rng } from "./random";

export type ObservationKind = "praise" | "complaint" | "correction" | "ambiguity" | "question" | "info";

/** Per-task context the phrase templates draw from, so notes stay about the task at hand. */
export type Ctx = Record<string, string>;

export type ObservationTemplate = {
  kind: ObservationKind;
  /** The version number whose directives address this topic: complaints fade after it, praise grows. */
  fixedBy?: number;
  /** Only for tasks whose context matches (e.g. Enterprise customers). */
  when?: (c: Ctx) => boolean;
  text: (c: Ctx, r: Rng) => string;
};

export type TaskSpec = {
  title: string;
  description: string;
  /** Days before now the task was created. */
  daysAgo: number;
  status: "open" | "in_progress" | "done";
  /** Done tasks: days from creation to completion. */
  doneAfterDays?: number;
  /** What the agent knows about the task (customer, area, ticket, version…). */
  ctx: Ctx;
  /** Task-specific checklist items the agent proposes first. */
  checklist: string[];
  estimateMinutes: number;
};

export type VersionSpec = {
  daysAgo: number;
  authoredBy: "system" | "user" | "agent";
  /** E-mail of the seeded user who wrote it (authoredBy "user"). */
  authorEmail?: string;
  rationale: string;
  directives: string;
};

export type Gate = { name: string; description: string; threshold: number; weight: number };

export type Domain = {
  name: string;
  description: string;
  agentPrefix: string;
  gates: Gate[];
  versions: VersionSpec[];
  tasks: TaskSpec[];
  observations: ObservationTemplate[];
  /** Closing words appended to some notes, by kind, for variety. */
  tails: Partial<Record<ObservationKind, string[]>>;
  /** Shared context values (people, other tickets…) drawn per note. */
  extra: (r: Rng, task: Ctx) => Ctx;
  /** Generic checklist items agents add along the way, with the reasons people give when they refuse them. */
  checklistPool: { text: string; rejected: string[] }[];
  report: (task: TaskSpec, r: Rng, quality: number) => string;
  estimateReasons: string[];
  reasons: {
    estimateTooLow: string[];
    estimateTooHigh: string[];
    statusRejected: string[];
    deferred: string[];
    confirmed: string[];
  };
  statusSummaries: { in_progress: string[]; done: string[]; premature: string[] };
  gateFeedback: Record<string, string[]>;
  failureErrors: string[];
};
