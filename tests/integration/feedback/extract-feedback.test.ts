import { describe, expect, it } from "vitest";
import { rateRun } from "@/features/agents/server/rate-run";
import { recordObservation, writeReport } from "@/features/agents/server/record-message";
import { recordRun } from "@/features/agents/server/record-run";
import { classifyPendingFeedback } from "@/features/feedback/server/classify-pending";
import { extractFeedback } from "@/features/feedback/server/extract-feedback";
import { db } from "@/server/db";
import { makeDecision } from "../../factories";
import { feedbackSetup, labelByText } from "./support";

const z = { positive: 0, negative: 0, neutral: 0, total: 0 };
const zeros = { observation: z, reason: z, decision: z, rating: z, report_confidence: z, quality_score: z };

/** What the classifier says of the texts these tests write (the background job's part); others stay waiting. */
const LABELS = {
  "Too optimistic": "negative/accuracy",
  "Still waiting on QA": "negative/general",
  "Thanks, accurate estimate.": "positive/accuracy",
  "The reply came late.": "negative/timeliness",
  "Customer asked for a callback.": "neutral/general",
  "Missed the P1 ticket.": "negative/prioritization",
} as const;
const labelWritten = (workspaceId: string) => classifyPendingFeedback({ workspaceId, model: labelByText(LABELS).model });

async function fixture() {
  const ctx = await feedbackSetup(4);
  const { scope, agents } = ctx;
  const [a1, a2, a3, a4] = agents;
  // decisions: rejected (reason), confirmed, deferred (other tool)
  await makeDecision(scope, a1.id, "propose_estimate", "rejected", "Too optimistic");
  await makeDecision(scope, a1.id, "propose_checklist_items", "confirmed");
  await makeDecision(scope, a2.id, "write_report", "deferred");
  // runs: ratings 0.1 / 0.9 / 0.5 (+ one unrated), quality 0.5 / 0.95 / 0.8 / none
  const runs = [
    await recordRun({ scope, agentId: a1.id, reason: "manual", status: "succeeded", qualityScore: 0.5, iterations: 3 }),
    await recordRun({ scope, agentId: a2.id, reason: "manual", status: "succeeded", qualityScore: 0.95, iterations: 1 }),
    await recordRun({ scope, agentId: a3.id, reason: "manual", status: "succeeded", qualityScore: 0.8 }),
    await recordRun({ scope, agentId: a4.id, reason: "manual", status: "succeeded" }),
  ];
  await rateRun({ scope, runId: runs[0].id, rating: 0.1 });
  await rateRun({ scope, runId: runs[1].id, rating: 0.9 });
  await rateRun({ scope, runId: runs[2].id, rating: 0.5 });
  // reports: a2 0.9 (positive) → 0.6 (drop 0.3: negative) → 0.3 (< 0.4: negative); a3 0.7 (nothing) → 0.5 (drop 0.2: negative)
  for (const c of [0.9, 0.6, 0.3]) await writeReport({ scope, agentId: a2.id, markdown: "# r", confidence: c });
  for (const c of [0.7, 0.5]) await writeReport({ scope, agentId: a3.id, markdown: "# r", confidence: c });
  await writeReport({ scope, agentId: a4.id, markdown: "# no confidence", confidence: null });
  const obs = [
    await recordObservation({ scope, agentId: a1.id, text: "Thanks, accurate estimate." }),
    await recordObservation({ scope, agentId: a2.id, text: "The reply came late." }),
    await recordObservation({ scope, agentId: a3.id, text: "Customer asked for a callback." }),
  ];
  await labelWritten(ctx.window.workspaceId);
  return { ...ctx, runs, obs };
}

describe("extractFeedback", () => {
  it("finds the window's items (classified when written) with exact counts per source, and is idempotent", async () => {
    const { window, obs, agents } = await fixture();
    // noise: another template of the same workspace, and another workspace
    const other = await feedbackSetup(1);
    await makeDecision(other.scope, other.agents[0].id, "propose_estimate", "rejected");
    await recordObservation({ scope: other.scope, agentId: other.agents[0].id, text: "Great work" });

    const first = await extractFeedback({ ...window, sinceCounter: 0 });
    expect(first.counts).toEqual({
      observation: { ...z, positive: 1, negative: 1, neutral: 1, total: 3 },
      reason: { ...z, negative: 1, total: 1 },
      decision: { ...z, negative: 1, positive: 1, neutral: 1, total: 3 },
      rating: { ...z, negative: 1, positive: 1, neutral: 1, total: 3 },
      report_confidence: { ...z, positive: 1, negative: 3, total: 4 },
      quality_score: { ...z, negative: 1, positive: 1, total: 2 },
    });
    expect(first).toMatchObject({ pendingTexts: 0, givenUpTexts: 0, pendingIds: [], waitingFrom: null });
    const newest = await db.agentMessage.findUniqueOrThrow({ where: { id: obs[2].id } });
    expect(first.coveredUntilCounter).toBe(Number(newest.changeCounter));

    const items = await db.feedbackItem.findMany({ where: { templateId: window.templateId, sourceType: { notIn: ["observation", "reason"] } } });
    expect(items).toHaveLength(12);
    expect(items.every((i) => i.workspaceId === window.workspaceId && i.classifiedBy === "rule" && i.confidence === 1)).toBe(true);
    const decisions = items.filter((i) => i.sourceType === "decision").map((i) => [i.sentiment, i.category, i.detail]).sort();
    expect(decisions).toEqual([
      ["negative", "accuracy", "Rejected a proposed estimate"],
      ["neutral", "tooling", "Deferred a proposal to write report"],
      ["positive", "prioritization", "Confirmed a proposed checklist"],
    ]);
    expect(items.find((i) => i.sourceType === "rating" && i.sentiment === "negative")).toMatchObject({ category: "general", detail: "Rated a run 0.1 / 1", agentId: agents[0].id });
    expect(items.filter((i) => i.sourceType === "report_confidence").map((i) => i.detail).sort()).toEqual([
      "The agent reported confidence 0.3 in its work (was 0.6)",
      "The agent reported confidence 0.5 in its work (was 0.7)",
      "The agent reported confidence 0.6 in its work (was 0.9)",
      "The agent reported confidence 0.9 in its work",
    ]);
    expect(items.filter((i) => i.sourceType === "quality_score").map((i) => i.detail).sort()).toEqual(["Quality score 0.5 after 2 refinements", "Quality score 0.95 on the first draft"]);
    const reason = await db.feedbackItem.findFirstOrThrow({ where: { templateId: window.templateId, sourceType: "reason" } });
    expect(reason).toMatchObject({ detail: "Too optimistic", sentiment: "negative", category: "accuracy", classifiedBy: "model", confidence: 0.9 });
    // nothing of the other template / workspace leaked in: its items are its own
    expect(await db.feedbackItem.count({ where: { templateId: other.template.id, workspaceId: other.scope.workspaceId } })).toBe(1);
    const others = await extractFeedback({ ...other.window, sinceCounter: 0 });
    expect(others.counts.decision).toEqual({ ...z, negative: 1, total: 1 });
    expect(others).toMatchObject({ pendingTexts: 1, counts: { observation: z } }); // "Great work" waits for the classifier

    const again = await extractFeedback({ ...window, sinceCounter: 0 });
    expect(again).toEqual(first);
    expect(await db.feedbackItem.count({ where: { templateId: window.templateId } })).toBe(16);
  });

  it("from a counter returns only the delta; a report's trend still compares with the report before the window", async () => {
    const { scope, window, agents } = await fixture();
    await writeReport({ scope, agentId: agents[3].id, markdown: "# r", confidence: 0.9 });
    const { coveredUntilCounter: mark } = await extractFeedback({ ...window, sinceCounter: 0 });

    await makeDecision(scope, agents[1].id, "propose_status", "rejected", "Still waiting on QA");
    const run = await recordRun({ scope, agentId: agents[2].id, reason: "manual", status: "succeeded", qualityScore: 0.8 });
    await rateRun({ scope, runId: run.id, rating: 0.2 });
    await writeReport({ scope, agentId: agents[3].id, markdown: "# r", confidence: 0.65 });
    await recordObservation({ scope, agentId: agents[0].id, text: "Missed the P1 ticket." });
    const o = await recordObservation({ scope, agentId: agents[0].id, text: "Customer asked about the P1 ticket." }); // the classifier skips it
    await labelWritten(window.workspaceId);

    const delta = await extractFeedback({ ...window, sinceCounter: mark });
    expect(delta.counts).toEqual({
      ...zeros,
      observation: { ...z, negative: 1, total: 1 },
      reason: { ...z, negative: 1, total: 1 },
      decision: { ...z, negative: 1, total: 1 },
      rating: { ...z, negative: 1, total: 1 },
      report_confidence: { ...z, negative: 1, total: 1 },
    });
    // The window ends just before the text still waiting.
    const waiting = Number((await db.agentMessage.findUniqueOrThrow({ where: { id: o.id } })).changeCounter);
    expect(delta).toMatchObject({ pendingIds: [o.id], pendingTexts: 1, waitingFrom: waiting, coveredUntilCounter: waiting - 1 });
    const report = await db.feedbackItem.findFirstOrThrow({ where: { templateId: window.templateId, sourceType: "report_confidence", sourceCounter: { gt: mark } } });
    expect(report.detail).toBe("The agent reported confidence 0.65 in its work (was 0.9)");

    const empty = await extractFeedback({ ...window, sinceCounter: delta.coveredUntilCounter });
    expect(empty).toMatchObject({ pendingTexts: 1, pendingIds: [o.id], coveredUntilCounter: delta.coveredUntilCounter });
    expect(Object.values(empty.counts).every((c) => c.total === 0)).toBe(true);
  });

  it("windows by dates too, and never reads another workspace's rows even with its template id", async () => {
    const { window } = await fixture();
    const past = await extractFeedback({ ...window, until: new Date("2000-01-01") });
    expect(Object.values(past.counts).every((c) => c.total === 0)).toBe(true);
    expect(past.pendingTexts).toBe(0);
    const foreign = await feedbackSetup(1);
    const crossed = await extractFeedback({ workspaceId: foreign.scope.workspaceId, templateId: window.templateId });
    expect(crossed).toMatchObject({ pendingTexts: 0, pendingIds: [] });
    expect(Object.values(crossed.counts).every((c) => c.total === 0)).toBe(true);
    const now = await extractFeedback({ ...window, since: new Date(Date.now() - 3_600_000), until: new Date(Date.now() + 60_000) });
    expect(now.counts.decision.total).toBe(3);
    expect(now.counts.observation.total).toBe(3);
    expect(now.pendingTexts).toBe(0);
  });

  it("counts whole counter blocks from FeedbackCountBlock and the edges from the items: the same numbers for any window", async () => {
    const { scope, agents, window } = await feedbackSetup(2);
    const marks: number[] = [0];
    const texts = ["Thanks, accurate estimate.", "The reply came late.", "Customer asked for a callback."];
    for (let round = 0; round < 3; round++) {
      for (const text of texts) await recordObservation({ scope, agentId: agents[round % 2].id, text });
      await makeDecision(scope, agents[0].id, "propose_estimate", round === 1 ? "rejected" : "confirmed");
      await labelWritten(window.workspaceId);
      // Jump the counter over a few blocks (65,536 counters each), as a busy workspace would.
      const [{ v }] = await db.$queryRaw<{ v: bigint }[]>`SELECT setval('change_counter_seq', nextval('change_counter_seq') + 150000) AS v`;
      marks.push(Number(v));
    }
    const direct = async (lo: number, hi?: number) => {
      const rows = await db.feedbackItem.groupBy({
        by: ["sourceType", "sentiment"],
        where: { templateId: window.templateId, sourceCounter: { gt: lo, ...(hi === undefined ? {} : { lte: hi }) } },
        _count: true,
      });
      const out: Record<string, Record<string, number>> = {};
      for (const r of rows) (out[r.sourceType] ??= {})[r.sentiment] = r._count;
      return out;
    };
    const seen = (counts: Awaited<ReturnType<typeof extractFeedback>>["counts"]) =>
      Object.fromEntries(Object.entries(counts).filter(([, c]) => c.total > 0).map(([k, c]) => [k, Object.fromEntries(Object.entries(c).filter(([s, n]) => s !== "total" && n > 0))]));
    const windows: [number, number | undefined][] = [[0, undefined], [marks[1], undefined], [0, marks[2]], [marks[1] - 10, marks[3]], [marks[1], marks[2]], [marks[2] + 70_000, undefined], [3, marks[1] + 65_536]];
    for (const [lo, hi] of windows) {
      const result = await extractFeedback({ ...window, sinceCounter: lo, untilCounter: hi });
      expect(seen(result.counts), `window (${lo}, ${hi}]`).toEqual(await direct(lo, hi));
    }
    const all = await extractFeedback(window);
    expect(all.counts.observation.total + all.counts.decision.total).toBe(await db.feedbackItem.count({ where: { templateId: window.templateId } }));
  });
});
