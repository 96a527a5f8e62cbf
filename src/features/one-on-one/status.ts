import { EvolutionSessionStatus } from "@/generated/prisma/enums";
import { ENUM_WORDS } from "@/lib/words";

// Session statuses in one place (pure: pages and services share it). A ritual walks preparing →
// analyzing → proposing → awaiting_review; interactive sessions are active until decided.

/** Statuses of a session that is still going: at most one per template. */
export const OPEN_STATUSES = ["active", "preparing", "analyzing", "proposing", "awaiting_review"] as const satisfies readonly EvolutionSessionStatus[];

export const isOpen = (status: EvolutionSessionStatus) => (OPEN_STATUSES as readonly string[]).includes(status);

/** Every other status: the session has ended. */
export const CLOSED_STATUSES = Object.values(EvolutionSessionStatus).filter((s) => !isOpen(s));

/** The statuses in words (src/lib/words.ts). */
export const STATUS_LABEL: Record<EvolutionSessionStatus, string> = ENUM_WORDS.EvolutionSessionStatus;

export const STATUS_TONE: Record<EvolutionSessionStatus, "zinc" | "brand" | "green" | "amber" | "red"> = {
  active: "brand",
  preparing: "brand",
  analyzing: "brand",
  proposing: "brand",
  awaiting_review: "amber",
  completed: "green",
  abandoned: "zinc",
  skipped: "zinc",
  failed: "red",
};
