import { describe, expect, it } from "vitest";
import { rateRun } from "@/features/agents/server/rate-run";
import { recordObservation, writeReport } from "@/features/agents/server/record-message";
import { recordRun } from "@/features/agents/server/record-run";
import { decideChangeItems } from "@/features/decisions/server/decide-change-items";
import { feedbackBackfillStatements } from "@/features/feedback/rules-sql";
import { qualitySentiment, ratingSentiment } from "@/features/feedback/rules";
import { classifyPendingFeedback } from "@/features/feedback/server/classify-pending";
import { extractFeedback } from "@/features/feedback/server/extract-feedback";
import { db } from "@/server/db";
import { makeAgent, makeChangeSet, makeDecision, makeTemplate, uid } from "../../factories";
import { feedbackSetup, scriptedClassifier } from "./support";

// Write time (triggers generated from rules.ts): every write path yields exactly one FeedbackItem
// per signal, in words, and one PendingFeedback marker per written text (an observation; a
// decision's reason once per click and template) for the classifier. That the installed triggers
// are the generated SQL: rules-sql.test.ts.

const itemsOf = (templateId: string) => db.feedbackItem.findMany({ where: { templateId }, orderBy: { sourceCounter: "asc" } });

describe("feedback at write time", () => {
  it("signals get their item in words in the same transaction; written texts wait for the classifier, never keyword-labeled", async () => {
    const { scope, agents, window } = await feedbackSetup(2);
    const [a1, a2] = agents;
    const praise = await recordObservation({ scope, agentId: a1.id, text: "Thanks, the estimate was accurate." });
    const note = await recordObservation({ scope, agentId: a1.id, text: "The user says the export is broken and slow." });
    const itemId = await makeDecision(scope, a2.id, "propose_status", "rejected", "  Still waiting on QA ");
    const run = await recordRun({ scope, agentId: a1.id, reason: "manual", status: "succeeded", qualityScore: 0.95, iterations: 2 });
    await writeReport({ scope, agentId: a2.id, markdown: "# r", confidence: 0.9 });
    await writeReport({ scope, agentId: a2.id, markdown: "# r", confidence: 0.6 });
    await writeReport({ scope, agentId: a2.id, markdown: "# r", confidence: 0.7 }); // no signal: no item

    const items = await itemsOf(window.templateId);
    const view = items.map((i) => [i.sourceType, i.sentiment, i.category, i.classifiedBy, i.confidence, i.detail]);
    expect(view).toEqual([
      ["decision", "negative", "accuracy", "rule", 1, "Rejected a proposed status change"],
      ["quality_score", "positive", "accuracy", "rule", 1, "Quality score 0.95 after one refinement"],
      ["report_confidence", "positive", "accuracy", "rule", 1, "The agent reported confidence 0.9 in its work"],
      ["report_confidence", "negative", "accuracy", "rule", 1, "The agent reported confidence 0.6 in its work (was 0.9)"],
    ]);
    const decision = await db.changeDecision.findFirstOrThrow({ where: { changeItemId: itemId } });
    expect(items[0]).toMatchObject({ sourceId: decision.id, occurredAt: decision.decidedAt, sourceCounter: decision.changeCounter });
    // Both observations and the reason wait for the classifier, with their text, counter and time.
    const counter = async (id: string) => (await db.agentMessage.findUniqueOrThrow({ where: { id } })).changeCounter;
    const pending = await db.pendingFeedback.findMany({ where: { templateId: window.templateId }, orderBy: { sourceCounter: "asc" } });
    expect(pending.map(({ sourceType, sourceId, text, agentId, attempts }) => ({ sourceType, sourceId, text, agentId, attempts }))).toEqual([
      { sourceType: "observation", sourceId: praise.id, text: praise.text, agentId: a1.id, attempts: 0 },
      { sourceType: "observation", sourceId: note.id, text: note.text, agentId: a1.id, attempts: 0 },
      { sourceType: "reason", sourceId: decision.id, text: "Still waiting on QA", agentId: a2.id, attempts: 0 },
    ]);
    expect(pending[0]).toMatchObject({ workspaceId: window.workspaceId, sourceCounter: await counter(praise.id), occurredAt: praise.createdAt });
    expect(pending[2]).toMatchObject({ sourceCounter: decision.changeCounter, occurredAt: decision.decidedAt });

    // Rating: one item at the first rating; re-rating moves the run's counter but never reclassifies.
    await rateRun({ scope, runId: run.id, rating: 0.1 });
    await rateRun({ scope, runId: run.id, rating: 0.9 });
    const ratings = await db.feedbackItem.findMany({ where: { templateId: window.templateId, sourceType: "rating" } });
    expect(ratings.map((r) => [r.sourceId, r.sentiment, r.detail])).toEqual([[run.id, "negative", "Rated a run 0.1 / 1"]]);
    await rateRun({ scope, runId: (await recordRun({ scope, agentId: a1.id, reason: "manual", status: "succeeded", qualityScore: 0.5, iterations: 1 })).id, rating: 1 });
    expect((await itemsOf(window.templateId)).slice(-2).map((i) => i.detail)).toEqual(["Quality score 0.5 on the first draft", "Rated a run 1.0 / 1"]);
  });

  it("a decision reads in words: the verdict, the proposal and what it proposed", async () => {
    const { scope, agents, window } = await feedbackSetup(1);
    const set = await makeChangeSet(scope, agents[0].id, [
      { tool: "propose_checklist_items", args: { items: ["a", "b", "c"] }, summary: "3 items" },
      { tool: "propose_estimate", args: { minutes: 90 }, summary: "90 min" },
      { tool: "propose_status", args: { status: "in_progress" }, summary: "start" },
      { tool: "propose_due_date", args: {}, summary: "due" },
    ]);
    const [checklist, estimate, status, other] = set.items.map((i) => i.id);
    await decideChangeItems({ scope, itemIds: [checklist], verdict: "confirmed" });
    await decideChangeItems({ scope, itemIds: [estimate], verdict: "rejected" });
    await decideChangeItems({ scope, itemIds: [status, other], verdict: "deferred" });
    const details = (await db.feedbackItem.findMany({ where: { templateId: window.templateId, sourceType: "decision" } })).map((i) => [i.detail, i.sentiment]);
    expect(details.sort()).toEqual(
      [
        ["Confirmed a proposed checklist (3 items)", "positive"],
        ["Rejected a proposed estimate of 90 min", "negative"],
        ["Deferred a proposed status change to in progress", "neutral"],
        ["Deferred a proposed due date", "neutral"],
      ].sort(),
    );
    expect(await db.pendingFeedback.count({ where: { templateId: window.templateId } })).toBe(0); // no reason, nothing written
  });

  it("one reason given for a bulk decision is one piece of written feedback per template, its decisions linked by batch", async () => {
    const { scope, agents, window } = await feedbackSetup(3);
    const sets = await Promise.all(agents.map((a) => makeChangeSet(scope, a.id, [{ tool: "propose_estimate", args: { minutes: 30 }, summary: "30 min" }])));
    const ids = sets.map((s) => s.items[0].id);
    // An agent of another template of the same workspace, decided in the same click.
    const elsewhere = await makeTemplate(scope, { name: `Other ${uid()}`, directives: "x" });
    const stranger = await makeAgent(scope, elsewhere.id, { displayName: "Stranger" });
    const strangerSet = await makeChangeSet(scope, stranger.id, [{ tool: "propose_estimate", args: { minutes: 30 }, summary: "30 min" }]);
    await decideChangeItems({ scope, itemIds: [...ids, strangerSet.items[0].id], verdict: "rejected", reason: "Bulk: not relevant any more" });

    const decisions = await db.changeDecision.findMany({ where: { changeItemId: { in: [...ids, strangerSet.items[0].id] } }, orderBy: { id: "asc" } });
    expect(new Set(decisions.map((d) => d.batchId)).size).toBe(1);
    expect(await db.feedbackItem.count({ where: { templateId: window.templateId, sourceType: "decision" } })).toBe(3);
    const reasons = await db.pendingFeedback.findMany({ where: { workspaceId: window.workspaceId, sourceType: "reason" } });
    expect(reasons.map((r) => [r.templateId, r.text]).sort()).toEqual([[window.templateId, "Bulk: not relevant any more"], [elsewhere.id, "Bulk: not relevant any more"]].sort());
    expect(reasons.find((r) => r.templateId === window.templateId)?.sourceId).toBe(decisions.filter((d) => d.templateId === window.templateId)[0].id);

    const { model, calls } = scriptedClassifier((items) => JSON.stringify({ items: items.map((_, i) => ({ index: i + 1, sentiment: "negative", category: "timeliness", confidence: 0.8 })) }));
    await classifyPendingFeedback({ workspaceId: window.workspaceId, model });
    expect(calls).toEqual([["Bulk: not relevant any more", "Bulk: not relevant any more"]]);
    const summary = await extractFeedback(window);
    expect(summary.counts.reason).toEqual({ positive: 0, negative: 1, neutral: 0, total: 1 });
    expect(summary.counts.decision).toEqual({ positive: 0, negative: 3, neutral: 0, total: 3 });
  });

  it("a rolled-back write leaves nothing; bulk SQL and updates go through the same rules as the JS tables", async () => {
    const { scope, agents, window } = await feedbackSetup(1);
    const [agent] = agents;
    await expect(
      db.$transaction(async (tx) => {
        await recordObservation({ scope, agentId: agent.id, text: "Great work." }, tx);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await db.feedbackItem.count({ where: { templateId: window.templateId } })).toBe(0);
    expect(await db.pendingFeedback.count({ where: { templateId: window.templateId } })).toBe(0);

    // One multi-row INSERT (as a bulk load or the seed writes): one marker per observation, no label.
    const texts = ["Great summary, concise.", "The reply came late.", "Not helpful.", "Ignored the P1 escalation.", "Could you add the link?"];
    await db.$executeRaw`
      INSERT INTO "AgentMessage" ("id", "workspaceId", "agentId", "templateId", "kind", "text")
      SELECT 'bulk_' || ${window.templateId} || '_' || i, ${window.workspaceId}, ${agent.id}, ${window.templateId}, 'observation', t
      FROM unnest(${texts}::text[]) WITH ORDINALITY AS x(t, i)`;
    const ratings = [0, 0.29, 0.3, 0.7, 0.71, 1];
    const qualities = [0.5, 0.69, 0.7, 0.89, 0.9, 1];
    const version = await db.agentTemplate.findUniqueOrThrow({ where: { id: window.templateId }, select: { headVersionId: true } });
    await db.$executeRaw`
      INSERT INTO "WakeRun" ("id", "workspaceId", "agentId", "templateId", "templateVersionId", "reason", "status", "userRating", "ratedAt")
      SELECT 'bulkrun_' || ${window.templateId} || '_' || i, ${window.workspaceId}, ${agent.id}, ${window.templateId}, ${version.headVersionId}, 'manual', 'succeeded', r, now()
      FROM unnest(${ratings}::float8[]) WITH ORDINALITY AS x(r, i)`;
    // Quality scores arrive by UPDATE when a wake finishes.
    await db.$executeRaw`
      UPDATE "WakeRun" r SET "qualityScore" = q.v FROM unnest(${qualities}::float8[]) WITH ORDINALITY AS q(v, i)
      WHERE r."id" = 'bulkrun_' || ${window.templateId} || '_' || q.i`;

    const items = await itemsOf(window.templateId);
    expect(items.filter((i) => i.sourceType === "observation")).toEqual([]);
    expect((await db.pendingFeedback.findMany({ where: { templateId: window.templateId }, orderBy: { sourceId: "asc" } })).map((p) => p.text)).toEqual(texts);
    const rated = items.filter((i) => i.sourceType === "rating").sort((a, b) => a.sourceId.localeCompare(b.sourceId));
    expect(rated.map((i) => i.sentiment)).toEqual(ratings.map(ratingSentiment));
    const quality = new Map(items.filter((i) => i.sourceType === "quality_score").map((i) => [i.sourceId.split("_").at(-1), i.sentiment]));
    expect(qualities.map((_, i) => quality.get(String(i + 1)) ?? null)).toEqual(qualities.map(qualitySentiment));
  });

  it("the migration's backfill restores exactly the items and markers of rows written before the triggers", async () => {
    const { scope, agents, window } = await feedbackSetup(2);
    await recordObservation({ scope, agentId: agents[0].id, text: "The estimate was wrong by two days." });
    await recordObservation({ scope, agentId: agents[0].id, text: "Customer asked for a callback." });
    const modelled = await recordObservation({ scope, agentId: agents[1].id, text: "Could you add the link?" });
    await makeDecision(scope, agents[1].id, "write_report", "deferred");
    const run = await recordRun({ scope, agentId: agents[0].id, reason: "manual", status: "succeeded", qualityScore: 0.4, iterations: 1 });
    await rateRun({ scope, runId: run.id, rating: 0.8 });
    await writeReport({ scope, agentId: agents[1].id, markdown: "# r", confidence: 0.3 });
    await makeDecision(scope, agents[0].id, "propose_estimate", "rejected", "Far too low");
    const { model } = scriptedClassifier((items) => JSON.stringify({ items: items.map((_, i) => ({ index: i + 1, sentiment: "positive", category: "tooling", confidence: 0.7 })) }));
    await classifyPendingFeedback({ ...window, model, maxItems: 2 }); // the two oldest texts: "The estimate…", "Customer asked…"

    const shape = async () => ({
      // sourceCounter aside: a backfilled item carries its source row's counter as it is now (a rated
      // run's quality item gets the rating's counter), a trigger's the one of the write that produced it.
      items: (await itemsOf(window.templateId))
        .map(({ sourceType, sourceId, sentiment, category, confidence, classifiedBy, detail, occurredAt, agentId }) => ({ sourceType, sourceId, sentiment, category, confidence, classifiedBy, detail, occurredAt, agentId }))
        .sort((a, b) => `${a.sourceType}:${a.sourceId}`.localeCompare(`${b.sourceType}:${b.sourceId}`)),
      pending: (await db.pendingFeedback.findMany({ where: { templateId: window.templateId }, orderBy: { sourceCounter: "asc" } })).map(({ sourceType, sourceId, text, sourceCounter, occurredAt }) => ({ sourceType, sourceId, text, sourceCounter, occurredAt })),
    });
    const before = await shape();
    expect(before.pending.map((p) => [p.sourceType, p.sourceId === modelled.id ? "modelled" : p.text])).toEqual([["observation", "modelled"], ["reason", "Far too low"]]);
    expect(before.items).toHaveLength(7);

    // As if these rows had been written before the migration: rule items and markers gone, the model's items kept.
    await db.feedbackItem.deleteMany({ where: { templateId: window.templateId, classifiedBy: "rule" } });
    await db.pendingFeedback.deleteMany({ where: { templateId: window.templateId } });
    const backfill = async () => {
      for (const statement of feedbackBackfillStatements(`"templateId" = '${window.templateId}'`)) await db.$executeRawUnsafe(statement);
    };
    await backfill();
    expect(await shape()).toEqual(before);
    await backfill(); // idempotent
    expect(await shape()).toEqual(before);
  });
});
