import { WEEKDAYS, type Cadence, type RitualSchedule } from "../schedule";

// How ritual times read, always in the schedule's own time zone (a team in Berlin sees 09:00
// whatever the server's zone). Pure: server pages and client forms share it.

const pad = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

// One formatter per zone, built once (a formatter costs tens of microseconds to build; pages format
// in the same few zones on every view). A plain Map, not `@/lib/memo`: client forms import this
// module, and lru-cache is not in the browser's bundle.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", { timeZone: timezone, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    if (formatters.size < 500) formatters.set(timezone, formatter);
  }
  return formatter;
}

/** "Mon 23 Nov, 09:00 Europe/Berlin". */
export function formatInZone(date: Date, timezone: string): string {
  return `${formatterFor(timezone).format(date)} ${timezone}`;
}

/** "Every Monday at 09:00 (Europe/Berlin)" / "First Monday of each month at 09:00 (UTC)". */
export function describeSchedule(schedule: RitualSchedule, cadence: Cadence = "weekly"): string {
  const day = WEEKDAYS[schedule.weekday] ?? "Monday";
  return cadence === "weekly" ? `Every ${day} at ${pad(schedule.hour)} (${schedule.timezone})` : `First ${day} of each month at ${pad(schedule.hour)} (${schedule.timezone})`;
}

export const hourLabel = pad;

/** A few zones offered first in the time zone picker; any IANA name can be typed. */
export const COMMON_TIMEZONES = [
  "UTC",
  "Europe/London",
  "Europe/Berlin",
  "Europe/Paris",
  "Europe/Madrid",
  "Europe/Helsinki",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Sao_Paulo",
  "Asia/Kolkata",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Australia/Sydney",
] as const;
