import type { Prediction } from "../../src/ai/prompts/improver";
import type { AuthoredBy, EvolutionNoteKind, TaskStatus } from "../../src/generated/prisma/enums";
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
  status: TaskStatus;
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
  authoredBy: AuthoredBy;
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
  /** The template's past one-on-ones, oldest first (numbered 1, 2, …); their approvals created the agent-authored versions. */
  oneOnOnes: SessionSpec[];
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

export type Users = { owner: string; admin: string; member: string; viewer: string; byEmail: Map<string, string> };

// ---- one-on-one history (prisma/seed/one-on-ones.ts) -------------------------------------------

/** A hypothesis may carry a prediction: it enters the ledger, graded by the seed like the first ritual after its date would. */
export type NoteSpec = { kind: EvolutionNoteKind; content: string; prediction?: Prediction };

/** What the improver proposes with propose_directives. */
export type ProposalSpec =
  /** Approved in the session: its directives and rationale are those of version `becomes`. */
  | { becomes: number; confidence: number }
  /** Never became a version: `edit` turns the head's directives into the proposed ones. */
  | { edit: (head: string) => string; rationale: string; confidence: number };

/** One step of a session, in order. People's steps are spread over the session; the improver answers within a minute. */
export type Turn =
  /** A person's message (the first one of a session is the opening request, written by the builder). */
  | { user: string }
  /** The improver's answer: text, then its tool calls (proposal first, then notes), then a closing text when it called any. */
  | { improver: string; propose?: ProposalSpec; notes?: NoteSpec[]; closing?: string }
  /** The open proposal is rejected with this reason (the page then sends the reason as the next user turn). */
  | { reject: string }
  /** The open proposal is approved with this rating; the session completes (must be the last step). */
  | { approve: number };

/** The seeded data as the improver saw it when the session started, so its words match the demo. */
export type SessionFacts = {
  /** Observations in the session's feedback window (after the previous completed session started) matching `re`. */
  count(re: RegExp): number;
  /** Observations made under version `version` before the session started, matching `re`. */
  countOn(version: number, re: RegExp): number;
  /** Distinct agents with an observation matching `re` in the window. */
  agents(re: RegExp): number;
  /** Refine-loop gate feedback in the window matching `re` (iterations, not observations). */
  gates(re: RegExp): number;
  /** The newest observation in the window matching `re`, else `fallback`. */
  example(re: RegExp, fallback: string): string;
  /** Mean rating of the runs on version `version` rated before the session started ("0.62"). */
  rating(version: number): string;
};

export type SessionSpec = {
  status: "completed" | "abandoned";
  /** E-mail of the member who started the session, wrote its user turns and decided its proposals. */
  by: string;
  /**
   * Approved sessions end when the version they created was created (the approval completes the
   * session); others start `days` after version `after` and end `minutes` later, abandoned.
   */
  timing: { endsAtVersion: number; minutes: number } | { after: number; days: number; minutes: number };
  turns: (f: SessionFacts) => Turn[];
};
