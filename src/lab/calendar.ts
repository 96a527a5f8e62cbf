// The lab's simulated calendar: week 1 starts on a Monday at 00:00 UTC, far enough in the past
// that every simulated time — a ritual's 7-day decision deadline after the last week included —
// is before the real clock. Rows the services write with the real clock are moved onto it
// afterwards (time-shift.ts), and moving only rows at or after a real-time mark works because
// simulated times are always earlier than any mark. Tickets arrive on weekdays 10:00–17:00; the
// weekly ritual is the next Monday at 09:00, so the replay check's window (the 7 days before the
// proposal) holds exactly that week's runs. Pure.

export const DAY_MS = 24 * 3_600_000;
export const WEEK_MS = 7 * DAY_MS;
const HOUR_MS = 3_600_000;

function mondayOf(t: number): number {
  const d = new Date(t);
  const day = (d.getUTCDay() + 6) % 7; // Monday 0
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - day * DAY_MS;
}

export type Calendar = ReturnType<typeof labCalendar>;

export function labCalendar(weeks: number, realNow = Date.now()) {
  const start = mondayOf(realNow) - (weeks + 3) * WEEK_MS;
  const weekStart = (week: number) => start + (week - 1) * WEEK_MS;
  return {
    /** When the team, template and improver are set up: the Sunday before week 1. */
    setupAt: new Date(start - 12 * HOUR_MS),
    weekStart: (week: number) => new Date(weekStart(week)),
    /** Ticket `index` of `perWeek`, spread over Monday to Friday, 10:00–17:00. */
    ticketAt(week: number, index: number, perWeek: number) {
      const slot = (index * 5) / Math.max(1, perWeek);
      const day = Math.floor(slot);
      return new Date(weekStart(week) + day * DAY_MS + 10 * HOUR_MS + (slot - day) * 7 * HOUR_MS);
    },
    /** The week's ritual: the Monday after it, 09:00. */
    ritualAt: (week: number) => new Date(weekStart(week + 1) + 9 * HOUR_MS),
  };
}
