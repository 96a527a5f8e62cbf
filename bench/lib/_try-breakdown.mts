import { summarize, timed } from "./measure";
const { getFeedbackBreakdown } = await import("@/features/feedback/server/queries");
const { summarizeFeedback } = await import("@/features/feedback/server/summarize-feedback");
const scope = { workspaceId: "fb_ws", templateId: "fb_t1" };
const now = new Date();
for (const days of [7, 30, 90]) {
  const ms: number[] = [];
  let last: any;
  for (let i = 0; i < 8; i++) { const s = await timed(async () => (last = await getFeedbackBreakdown({ ...scope, days, now }))); if (i >= 2) ms.push(s.ms); }
  console.log(days, JSON.stringify(summarize(ms)));
  if (process.env.CHECK) {
    const exact = await summarizeFeedback({ ...scope, since: new Date(now.getTime() - days * 86400000), until: new Date(now.getTime() + 1) });
    console.log("totals eq", JSON.stringify(exact.totals) === JSON.stringify(last.totals), "bycat eq", JSON.stringify(exact.byCategory) === JSON.stringify(last.byCategory));
    const strip = (ps: any[]) => ps.map((p) => ({ c: p.category, s: p.sentiment, a: p.agentCount, i: p.itemCount, e: p.examples.map((e: any) => e.itemId).join() }));
    console.log(JSON.stringify(strip(exact.patterns)));
    console.log(JSON.stringify(strip(last.patterns).map((p, k) => ({ ...p, capped: last.patterns[k].capped }))));
  }
}
process.exit(0);
