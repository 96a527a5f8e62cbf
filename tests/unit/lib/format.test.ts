import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "@/lib/format";

// Pages show dates as date-fns' "d MMM yyyy" and "d MMM yyyy, HH:mm" wrote them; the formatters are
// written out by hand for speed and must not change a single character of what people see.

describe("formatDate and formatDateTime", () => {
  it("write what date-fns wrote, in local time, for every month, hour and minute", () => {
    const dates: Date[] = [];
    for (let month = 0; month < 12; month++) {
      for (const dayOfMonth of [1, 9, 10, 28]) dates.push(new Date(2026, month, dayOfMonth, (month * 5 + dayOfMonth) % 24, (month * 7 + dayOfMonth) % 60));
    }
    // Every hour of a few days, around midnight and noon, and a spread of instants from 1999 to 2040.
    for (let h = 0; h < 24; h++) dates.push(new Date(2026, 2, 29, h, 59), new Date(2026, 9, 25, h, 0));
    for (let i = 0; i < 500; i++) dates.push(new Date(Date.UTC(1999, 0, 1) + i * 2_718_281_828));
    dates.push(new Date(2026, 10, 29, 0, 0), new Date(2026, 11, 31, 23, 59, 59, 999), new Date(999, 0, 1, 7, 5));
    for (const d of dates) {
      expect(formatDate(d)).toBe(format(d, "d MMM yyyy"));
      expect(formatDateTime(d)).toBe(format(d, "d MMM yyyy, HH:mm"));
    }
    expect(formatDateTime(new Date(2026, 10, 29, 17, 5))).toBe("29 Nov 2026, 17:05");
  });

  it("take a date that went through JSON or epoch milliseconds, as date-fns did", () => {
    const d = new Date(Date.UTC(2026, 10, 29, 17, 5));
    for (const value of [d.toISOString(), d.getTime()]) {
      expect(formatDate(value)).toBe(format(value, "d MMM yyyy"));
      expect(formatDateTime(value)).toBe(format(value, "d MMM yyyy, HH:mm"));
    }
  });

  it("refuse an invalid date, as date-fns did", () => {
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => formatDateTime(new Date("not a date"))).toThrow(RangeError);
    expect(() => formatDateTime("not a date")).toThrow(RangeError);
  });
});
