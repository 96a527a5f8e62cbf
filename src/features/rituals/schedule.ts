import { TZDate } from "@date-fns/tz";

// When rituals happen: a weekday, an hour and an IANA time zone (the workspace's, or a template's
// override). Pure, so the pages, the hourly check and the tests agree. @date-fns/tz handles the
// zone arithmetic (DST included): a well-kept library beats hand-rolled offset math.

export type RitualSchedule = { weekday: number; hour: number; timezone: string };
export type Cadence = "weekly" | "monthly";

export const DEFAULT_SCHEDULE: RitualSchedule = { weekday: 1, hour: 9, timezone: "UTC" };
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

// Building an Intl.DateTimeFormat costs tens of microseconds, and pages ask about the same few
// zones on every view: answers are remembered (bounded, as the form asks while someone types). A
// plain Map, not `@/lib/memo`: this module is in the browser's bundle too, lru-cache is not.
const zoneValidity = new Map<string, boolean>();

export function isValidTimezone(tz: string): boolean {
  let valid = zoneValidity.get(tz);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
      valid = true;
    } catch {
      valid = false;
    }
    if (zoneValidity.size < 500) zoneValidity.set(tz, valid);
  }
  return valid;
}

/** The template's override where set, else the workspace's. */
export function scheduleOf(
  workspace: { ritualWeekday: number; ritualHour: number; ritualTimezone: string },
  template?: { ritualWeekday: number | null; ritualHour: number | null; ritualTimezone: string | null } | null,
): RitualSchedule {
  return {
    weekday: template?.ritualWeekday ?? workspace.ritualWeekday,
    hour: template?.ritualHour ?? workspace.ritualHour,
    timezone: template?.ritualTimezone ?? workspace.ritualTimezone,
  };
}

/** `day` of the month in `tz` at the schedule's hour, as an instant. */
function at(tz: string, year: number, month: number, day: number, hour: number): Date {
  return new Date(new TZDate(year, month, day, hour, 0, 0, tz).getTime());
}

/**
 * The first ritual time strictly after `after`. Weekly: the next `weekday` at `hour` in the zone.
 * Monthly (the meta-improver): the first `weekday` of a month at `hour` — this month's if still
 * ahead, else next month's.
 */
export function nextRitualAt(schedule: RitualSchedule, after: Date, cadence: Cadence = "weekly"): Date {
  const tz = isValidTimezone(schedule.timezone) ? schedule.timezone : "UTC";
  const local = new TZDate(after.getTime(), tz);
  if (cadence === "weekly") {
    for (let add = 0; add <= 7; add++) {
      const day = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + add, 12, 0, 0, tz);
      if (day.getDay() !== schedule.weekday) continue;
      const candidate = at(tz, day.getFullYear(), day.getMonth(), day.getDate(), schedule.hour);
      if (candidate.getTime() > after.getTime()) return candidate;
    }
    // Only reached when today is the weekday and its hour has passed: a week later.
    return at(tz, local.getFullYear(), local.getMonth(), local.getDate() + 7, schedule.hour);
  }
  for (let m = 0; m <= 2; m++) {
    const first = new TZDate(local.getFullYear(), local.getMonth() + m, 1, 12, 0, 0, tz);
    const offset = (schedule.weekday - first.getDay() + 7) % 7;
    const candidate = at(tz, first.getFullYear(), first.getMonth(), 1 + offset, schedule.hour);
    if (candidate.getTime() > after.getTime()) return candidate;
  }
  throw new Error("unreachable: a first weekday within three months");
}
