import { describe, expect, it } from "vitest";
import { rateRun } from "@/features/agents/server/rate-run";
import { recordObservation, writeReport } from "@/features/agents/server/record-message";
import { recordRun } from "@/features/agents/server/record-run";
import { classifyObservations } from "@/features/feedback/server/classify-observations";
import { extractFeedback } from "@/features/feedback/server/extract-feedback";
import { feedbackBackfillStatements } from "@/features/feedback/rules-sql";
import { classifyByRules, qualitySentiment, ratingSentiment } from "@/features/feedback/rules";
import { db } from "@/server/db";
import { makeDecision } from "../../factories";
import { feedbackSetup, scriptedClassifier } from "./support";

// Rule classification happens at write time (triggers generated from rules.ts): every write path
// yields exactly one FeedbackItem per signal, or one PendingObservation per observation the rules
// leave to the model. That the installed triggers are the generated SQL: rules-sql.test.ts.

const itemsOf = (templateId: string) => db.feedbackItem.findMany({ where: { templateId }, orderBy: { sourceCounter: "asc" } });

describe("feedback at write time", () => {
  it("each service write yields exactly one item with the rule's sentiment and category, in the same transaction", async () => {
    const { scope, agents, window } = await feedbackSetup(2);
    const [a1, a2] = agents;
    const good = await recordObservation({ scope, agentId: a1.id, text: "Thanks, the estimate was accurate." });
    const open = await recordObservation({ scope, agentId: a1.id, text: "Customer asked for a callback." });
    const itemId = await makeDecision(scope, a2.id, "propose_status", "rejected", "Still waiting on QA");
    const run = await recordRun({ scope, agentId: a1.id, reason: "manual", status: "succeeded", qualityScore: 0.95, iterations: 2 });
    await writeReport({ scope, agentId: a2.id, markdown: "# r", confidence: 0.9 });
    await writeReport({ scope, agentId: a2.id, markdown: "# r", confidence: 0.6 });
    await writeReport({ scope, agentId: a2.id, markdown: "# r", confidence: 0.7 }); // no signal: no item

    const items = await itemsOf(window.templateId);
    const view = items.map((i) => [i.sourceType, i.sentiment, i.category, i.classifiedBy, i.confidence, i.detail]);
    expect(view).toEqual([
      ["observation", "positive", "accuracy", "rule", 0.8, "Thanks, the estimate was accurate."],
      ["decision", "negative", "accuracy", "rule", 1, "Still waiting on QA"],
      ["quality_score", "positive", "accuracy", "rule", 1, "Quality score 0.95 after 2 iterations"],
      ["report_confidence", "positive", "accuracy", "rule", 1, "Report confidence 0.9"],
      ["report_confidence", "negative", "accuracy", "rule", 1, "Report confidence 0.6 (was 0.9)"],
    ]);
    expect(classifyByRules(good.text)).toEqual({ sentiment: "positive", category: "accuracy", confidence: 0.8 });
    const message = await db.agentMessage.findUniqueOrThrow({ where: { id: good.id } });
    expect(items[0]).toMatchObject({ sourceId: good.id, agentId: a1.id, workspaceId: window.workspaceId, sourceCounter: message.changeCounter, occurredAt: message.createdAt });
    const decision = await db.changeDecision.findFirstOrThrow({ where: { changeItemId: itemId } });
    expect(items[1]).toMatchObject({ sourceId: decision.id, occurredAt: decision.decidedAt, sourceCounter: decision.changeCounter });
    // The observation no rule is sure about waits for the model, and only it.
    expect(await db.pendingObservation.findMany({ where: { templateId: window.templateId } })).toEqual([
      expect.objectContaining({ messageId: open.id, workspaceId: window.workspaceId, sourceCounter: (await db.agentMessage.findUniqueOrThrow({ where: { id: open.id } })).changeCounter }),
    ]);

    // Rating: one item at the first rating; re-rating moves the run's counter but never reclassifies.
    await rateRun({ scope, runId: run.id, rating: 0.1 });
    await rateRun({ scope, runId: run.id, rating: 0.9 });
    const ratings = await db.feedbackItem.findMany({ where: { templateId: window.templateId, sourceType: "rating" } });
    expect(ratings.map((r) => [r.sourceId, r.sentiment, r.detail])).toEqual([[run.id, "negative", "Rated 0.1"]]);
    expect(await db.feedbackItem.count({ where: { templateId: window.templateId } })).toBe(6);
  });

  it("a rolled-back write leaves no item; bulk SQL and updates go through the same rules as the JS tables", async () => {
    const { scope, agents, window } = await feedbackSetup(1);
    const [agent] = agents;
    await expect(
      db.$transaction(async (tx) => {
        await recordObservation({ scope, agentId: agent.id, text: "Great work." }, tx);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await db.feedbackItem.count({ where: { templateId: window.templateId } })).toBe(0);

    // One multi-row INSERT (as a bulk load or the seed writes): one item or marker per row.
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
    const byText = new Map(items.filter((i) => i.sourceType === "observation").map((i) => [i.detail, i]));
    expect(texts.map((t) => { const i = byText.get(t); return i ? { sentiment: i.sentiment, category: i.category, confidence: i.confidence } : null; })).toEqual(texts.map(classifyByRules));
    expect(await db.pendingObservation.count({ where: { templateId: window.templateId } })).toBe(texts.filter((t) => !classifyByRules(t)).length);
    const rated = items.filter((i) => i.sourceType === "rating").sort((a, b) => a.sourceId.localeCompare(b.sourceId));
    expect(rated.map((i) => i.sentiment)).toEqual(ratings.map(ratingSentiment));
    const quality = new Map(items.filter((i) => i.sourceType === "quality_score").map((i) => [i.sourceId.split("_").at(-1), i.sentiment]));
    expect(qualities.map((_, i) => quality.get(String(i + 1)) ?? null)).toEqual(qualities.map(qualitySentiment));
  });

  it("the model path consumes the markers: a second run makes no call, coveredUntilCounter covers pending rows", async () => {
    const { scope, agents, window } = await feedbackSetup(1);
    for (let i = 0; i < 3; i++) await recordObservation({ scope, agentId: agents[0].id, text: `Customer note ${i}` });
    const extract = await extractFeedback(window);
    expect(extract.pendingObservations).toBe(3);
    const { model, calls } = scriptedClassifier((items) => JSON.stringify({ items: items.map((_, i) => ({ index: i + 1, sentiment: "neutral", category: "general", confidence: 0.9 })) }));
    const first = await classifyObservations({ ...window, untilCounter: extract.coveredUntilCounter, model });
    expect(first).toMatchObject({ modelCalls: 1, pending: 0, byModel: { neutral: 3, total: 3 } });
    expect(await db.pendingObservation.count({ where: { templateId: window.templateId } })).toBe(0);
    const second = await classifyObservations({ ...window, model });
    expect(second.modelCalls).toBe(0);
    expect(calls).toHaveLength(1);
    expect((await extractFeedback(window)).counts.observation).toEqual({ positive: 0, negative: 0, neutral: 3, total: 3 });
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
    const { model } = scriptedClassifier((items) => JSON.stringify({ items: items.map((_, i) => ({ index: i + 1, sentiment: "positive", category: "tooling", confidence: 0.7 })) }));
    await classifyObservations({ ...window, model, maxModelItems: 1 }); // the oldest pending one: "Customer asked…"

    const shape = async () => ({
      // sourceCounter aside: a backfilled item carries its source row's counter as it is now (a rated
      // run's quality item gets the rating's counter), a trigger's the one of the write that produced it.
      items: (await itemsOf(window.templateId))
        .map(({ sourceType, sourceId, sentiment, category, confidence, classifiedBy, detail, occurredAt, agentId }) => ({ sourceType, sourceId, sentiment, category, confidence, classifiedBy, detail, occurredAt, agentId }))
        .sort((a, b) => `${a.sourceType}:${a.sourceId}`.localeCompare(`${b.sourceType}:${b.sourceId}`)),
      pending: (await db.pendingObservation.findMany({ where: { templateId: window.templateId }, orderBy: { sourceCounter: "asc" } })).map(({ messageId, sourceCounter, occurredAt }) => ({ messageId, sourceCounter, occurredAt })),
    });
    const before = await shape();
    expect(before.pending.map((p) => p.messageId)).toEqual([modelled.id]);
    expect(before.items).toHaveLength(6);

    // As if these rows had been written before the migration: rule items and markers gone, the model's item kept.
    await db.feedbackItem.deleteMany({ where: { templateId: window.templateId, classifiedBy: "rule" } });
    await db.pendingObservation.deleteMany({ where: { templateId: window.templateId } });
    const backfill = async () => {
      for (const statement of feedbackBackfillStatements(`"templateId" = '${window.templateId}'`)) await db.$executeRawUnsafe(statement);
    };
    await backfill();
    expect(await shape()).toEqual(before);
    await backfill(); // idempotent
    expect(await shape()).toEqual(before);
  });
});
