// What a page's dates cost to write (bench/README.md, "2026-11-29, evening"): date-fns' format, which
// parses its pattern on every call, against src/lib/format.ts's formatDateTime, which writes the
// same text by hand. 70 dates is what the agent page wrote before it showed fewer observations. Not
// part of the product; kept so the figure can be re-measured:
//
//   npx tsx scripts/experiments/date-format-cost.ts
import { format } from "date-fns";
import { formatDateTime } from "../../src/lib/format";

const dates = Array.from({ length: 70 }, (_, i) => new Date(Date.UTC(2026, 10, 1) + i * 7 * 3_600_000));
const writers: [string, (d: Date) => string][] = [
  ["date-fns format", (d) => format(d, "d MMM yyyy, HH:mm")],
  ["formatDateTime", formatDateTime],
];
for (const [name, write] of writers) {
  for (let i = 0; i < 2_000; i++) for (const d of dates) write(d); // warm up (the optimising compiler)
  const rounds = 5_000;
  const before = process.cpuUsage();
  for (let i = 0; i < rounds; i++) for (const d of dates) write(d);
  const spent = process.cpuUsage(before);
  console.log(`${name}: ${((spent.user + spent.system) / rounds / 1000).toFixed(3)} ms of CPU per 70 dates`);
}
