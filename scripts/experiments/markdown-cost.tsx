// What an agent's report costs to show formatted (src/components/markdown-text.tsx): CPU per parse
// and render with react-markdown, per render of a remembered tree, and as plain text.
//   NODE_ENV=production npx tsx scripts/experiments/markdown-cost.tsx [file.md]
// Without a file it uses a report in the built-in model's style (≈ 750 characters).
import { readFileSync } from "node:fs";
import { renderToString } from "react-dom/server";
import Markdown from "react-markdown";

const report =
  process.argv[2] !== undefined
    ? readFileSync(process.argv[2], "utf8")
    : `## Triage — #4812: Acme Logistics: CSV export times out above 50k rows

**Area:** Data export · **Priority:** P2 · **Owner:** Data Platform · **Plan:** Enterprise

- **Impact:** Acme Logistics (Enterprise, first response within 4 hours) — Acme's operations team exports all shipments every Monday.
- **Evidence:** 2 similar tickets in the last 30 days and the customer's account settings.
- **Next step:** Wait for the customer's reply, then share the date-range workaround with Acme.

### Proposed reply

> Hello, thanks for the details on this. We can see the problem on our side and Data Platform is looking into it now. Meanwhile, our article "Large exports time out behind the gateway" (KB-311) may help; we'll confirm either way.

### Open questions

- Do we offer a credit for the delay, or only an explanation?`;

function cpuMsPer(n: number, fn: (i: number) => void) {
  for (let i = 0; i < Math.min(n, 200); i++) fn(i); // warm-up
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) fn(i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / n;
}

const tree = Markdown({ children: report });
console.log(`report: ${report.length} characters`);
// A different text each time, so nothing is remembered between parses.
console.log(`parse + render: ${cpuMsPer(500, (i) => renderToString(<Markdown>{`${report}\n\n${i}`}</Markdown>)).toFixed(3)} ms CPU`);
console.log(`render of the remembered tree: ${cpuMsPer(2000, () => renderToString(<div>{tree}</div>)).toFixed(3)} ms CPU`);
console.log(`as plain text (<pre>): ${cpuMsPer(2000, () => renderToString(<pre>{report}</pre>)).toFixed(3)} ms CPU`);
