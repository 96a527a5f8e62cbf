import { describe, expect, it } from "vitest";
import { rateRun } from "@/features/agents/server/rate-run";
import { recordObservation, writeReport } from "@/features/agents/server/record-message";
import { recordRun } from "@/features/agents/server/record-run";
import { extractFeedback } from "@/features/feedback/server/extract-feedback";
import { db } from "@/server/db";
import { makeDecision } from "../../factories";
import { feedbackSetup } from "./support";

const z = { positive: 0, negative: 0, neutral: 0, total: 0 };

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
      observation: { ...z, positive: 1, negative: 1, total: 2 },
      decision: { ...z, negative: 1, positive: 1, neutral: 1, total: 3 },
      rating: { ...z, negative: 1, positive: 1, neutral: 1, total: 3 },
      report_confidence: { ...z, positive: 1, negative: 3, total: 4 },
      quality_score: { ...z, negative: 1, positive: 1, total: 2 },
    });
    // "Customer asked for a callback." has no rule keyword: it waits for the model.
    expect(first.pendingObservations).toBe(1);
    expect(first.pendingObservationIds).toEqual([obs[2].id]);
    const newest = await db.agentMessage.findUniqueOrThrow({ where: { id: obs[2].id } });
    expect(first.coveredUntilCounter).toBe(Number(newest.changeCounter));

    const items = await db.feedbackItem.findMany({ where: { templateId: window.templateId, sourceType: { not: "observation" } } });
    expect(items).toHaveLength(12);
    expect(items.every((i) => i.workspaceId === window.workspaceId && i.classifiedBy === "rule" && i.confidence === 1)).toBe(true);
    const decisions = items.filter((i) => i.sourceType === "decision").map((i) => [i.sentiment, i.category, i.detail]).sort();
    expect(decisions).toEqual([
      ["negative", "accuracy", "Too optimistic"],
      ["neutral", "tooling", "Deferred write_report"],
      ["positive", "prioritization", "Confirmed propose_checklist_items"],
    ]);
    expect(items.find((i) => i.sourceType === "rating" && i.sentiment === "negative")).toMatchObject({ category: "general", detail: "Rated 0.1", agentId: agents[0].id });
    expect(items.filter((i) => i.sourceType === "report_confidence").map((i) => i.detail).sort()).toEqual([
      "Report confidence 0.3 (was 0.6)",
      "Report confidence 0.5 (was 0.7)",
      "Report confidence 0.6 (was 0.9)",
      "Report confidence 0.9",
    ]);
    expect(items.filter((i) => i.sourceType === "quality_score").map((i) => i.detail).sort()).toEqual(["Quality score 0.5 after 3 iterations", "Quality score 0.95 after 1 iteration"]);
    // nothing of the other template / workspace leaked in: its items are its own
    expect(await db.feedbackItem.count({ where: { templateId: other.template.id, workspaceId: other.scope.workspaceId } })).toBe(2);
    const others = await extractFeedback({ ...other.window, sinceCounter: 0 });
    expect(others.counts.decision).toEqual({ ...z, negative: 1, total: 1 });
    expect(others.counts.observation).toEqual({ ...z, positive: 1, total: 1 });

    const again = await extractFeedback({ ...window, sinceCounter: 0 });
    expect(again).toEqual(first);
    expect(await db.feedbackItem.count({ where: { templateId: window.templateId } })).toBe(14);
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
    const o = await recordObservation({ scope, agentId: agents[0].id, text: "Customer asked about the P1 ticket." });

    const delta = await extractFeedback({ ...window, sinceCounter: mark });
    expect(delta.counts).toEqual({
      observation: { ...z, negative: 1, total: 1 },
      decision: { ...z, negative: 1, total: 1 },
      rating: { ...z, negative: 1, total: 1 },
      report_confidence: { ...z, negative: 1, total: 1 },
      quality_score: z,
    });
    expect(delta.pendingObservationIds).toEqual([o.id]);
    expect(delta.coveredUntilCounter).toBeGreaterThan(mark);
    const report = await db.feedbackItem.findFirstOrThrow({ where: { templateId: window.templateId, sourceType: "report_confidence", sourceCounter: { gt: mark } } });
    expect(report.detail).toBe("Report confidence 0.65 (was 0.9)");

    const empty = await extractFeedback({ ...window, sinceCounter: delta.coveredUntilCounter });
    expect(empty).toMatchObject({ pendingObservations: 0, pendingObservationIds: [], coveredUntilCounter: delta.coveredUntilCounter });
    expect(Object.values(empty.counts).every((c) => c.total === 0)).toBe(true);
  });

  it("windows by dates too, and never reads another workspace's rows even with its template id", async () => {
    const { window } = await fixture();
    const past = await extractFeedback({ ...window, until: new Date("2000-01-01") });
    expect(Object.values(past.counts).every((c) => c.total === 0)).toBe(true);
    expect(past.pendingObservations).toBe(0);
    const foreign = await feedbackSetup(1);
    const crossed = await extractFeedback({ workspaceId: foreign.scope.workspaceId, templateId: window.templateId });
    expect(crossed).toMatchObject({ pendingObservations: 0, pendingObservationIds: [] });
    expect(Object.values(crossed.counts).every((c) => c.total === 0)).toBe(true);
    const now = await extractFeedback({ ...window, since: new Date(Date.now() - 3_600_000), until: new Date(Date.now() + 60_000) });
    expect(now.counts.decision.total).toBe(3);
    expect(now.counts.observation.total).toBe(2);
    expect(now.pendingObservations).toBe(1);
  });

  it("counts whole counter blocks from FeedbackCountBlock and the edges from the items: the same numbers for any window", async () => {
    const { scope, agents, window } = await feedbackSetup(2);
    const marks: number[] = [0];
    const texts = ["Thanks, accurate estimate.", "The reply came late.", "Customer asked for a callback."];
    for (let round = 0; round < 3; round++) {
      for (const text of texts) await recordObservation({ scope, agentId: agents[round % 2].id, text });
      await makeDecision(scope, agents[0].id, "propose_estimate", round === 1 ? "rejected" : "confirmed");
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
