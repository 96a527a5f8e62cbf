/** A directive line with no feedback of its category for this many days supports nothing anyone still says: the next ritual asks about it (server/clause-blame.ts). */
export const ORPHAN_DAYS = 60;
