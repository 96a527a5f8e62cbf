import { describe, expect, it } from "vitest";
import { formatInZone } from "@/features/rituals/components/format";
import { isValidTimezone, nextRitualAt, scheduleOf } from "@/features/rituals/schedule";

// When the next ritual happens, in the schedule's own time zone (DST included).

describe("nextRitualAt", () => {
  const monday9 = { weekday: 1, hour: 9, timezone: "Europe/Berlin" };

  it("finds the next weekday at the hour, in the zone", () => {
    // Saturday 21 Nov 2026, 12:00 UTC → Monday 23 Nov, 09:00 Berlin (CET, UTC+1) = 08:00 UTC.
    expect(nextRitualAt(monday9, new Date("2026-11-21T12:00:00Z")).toISOString()).toBe("2026-11-23T08:00:00.000Z");
  });

  it("on the day itself: later today if the hour is ahead, else a week later", () => {
    expect(nextRitualAt(monday9, new Date("2026-11-23T07:59:00Z")).toISOString()).toBe("2026-11-23T08:00:00.000Z");
    expect(nextRitualAt(monday9, new Date("2026-11-23T08:00:00Z")).toISOString()).toBe("2026-11-30T08:00:00.000Z");
  });

  it("follows daylight saving time: 09:00 Berlin is 07:00 UTC in summer", () => {
    expect(nextRitualAt(monday9, new Date("2026-06-20T12:00:00Z")).toISOString()).toBe("2026-06-22T07:00:00.000Z");
    // Across the switch (29 Mar 2026): the Monday after is in CEST.
    expect(nextRitualAt(monday9, new Date("2026-03-28T12:00:00Z")).toISOString()).toBe("2026-03-30T07:00:00.000Z");
  });

  it("reads the weekday in the zone, not in UTC", () => {
    // Sunday 23:30 UTC is already Monday 08:30 in Tokyo: Monday 09:00 Tokyo is 30 minutes away.
    const tokyo = { weekday: 1, hour: 9, timezone: "Asia/Tokyo" };
    expect(nextRitualAt(tokyo, new Date("2026-11-22T23:30:00Z")).toISOString()).toBe("2026-11-23T00:00:00.000Z");
  });

  it("monthly: the first weekday of this month if still ahead, else next month's", () => {
    const utcMonday = { weekday: 1, hour: 9, timezone: "UTC" };
    expect(nextRitualAt(utcMonday, new Date("2026-11-21T12:00:00Z"), "monthly").toISOString()).toBe("2026-12-07T09:00:00.000Z");
    expect(nextRitualAt(utcMonday, new Date("2026-12-01T00:00:00Z"), "monthly").toISOString()).toBe("2026-12-07T09:00:00.000Z");
    expect(nextRitualAt(utcMonday, new Date("2026-12-07T09:00:00Z"), "monthly").toISOString()).toBe("2027-01-04T09:00:00.000Z");
  });

  it("an unknown zone falls back to UTC; validation says so", () => {
    expect(isValidTimezone("Europe/Berlin")).toBe(true);
    expect(isValidTimezone("Mars/Olympus")).toBe(false);
    expect(nextRitualAt({ weekday: 1, hour: 9, timezone: "Mars/Olympus" }, new Date("2026-11-21T12:00:00Z")).toISOString()).toBe("2026-11-23T09:00:00.000Z");
    // Asked again (answers are remembered): the same answers.
    expect([isValidTimezone("Mars/Olympus"), isValidTimezone("Europe/Berlin")]).toEqual([false, true]);
  });

  it("formats an instant in each zone it is asked for, also when asked again", () => {
    const instant = new Date("2026-11-23T08:00:00Z");
    for (let i = 0; i < 2; i++) {
      expect(formatInZone(instant, "Europe/Berlin")).toBe("Mon 23 Nov, 09:00 Europe/Berlin");
      expect(formatInZone(instant, "America/New_York")).toBe("Mon 23 Nov, 03:00 America/New_York");
    }
  });

  it("a template's override wins field by field over the workspace's", () => {
    const workspace = { ritualWeekday: 1, ritualHour: 9, ritualTimezone: "UTC" };
    expect(scheduleOf(workspace, { ritualWeekday: 5, ritualHour: null, ritualTimezone: "Asia/Tokyo" })).toEqual({ weekday: 5, hour: 9, timezone: "Asia/Tokyo" });
    expect(scheduleOf(workspace, null)).toEqual({ weekday: 1, hour: 9, timezone: "UTC" });
  });
});
