import { describe, expect, it } from "vitest";
import { recordObservation } from "@/features/agents/server/record-message";
import { correctFeedbackLabelsAction } from "@/features/feedback/actions/correct-feedback-labels";
import { classifyFeedbackText } from "@/features/feedback/classifier/model";
import { adaptClassifier, heldOutAccuracy } from "@/features/feedback/server/adapt-classifier";
import { classifyPendingFeedback } from "@/features/feedback/server/classify-pending";
import { listLabelQueue, countLabelQueue } from "@/features/feedback/server/label-queries";
import { getFeedbackBreakdown } from "@/features/feedback/server/queries";
import { runFeedbackPipeline } from "@/features/feedback/server/run-feedback-pipeline";
import { startSession } from "@/features/one-on-one/server/start-session";
import { feedbackCorrected } from "@/inngest/events";
import { db } from "@/server/db";
import { makeAgent, makeTemplate, makeWorkspace, uid } from "../../factories";
import { actAs } from "../../support/session";
import { labelByText } from "./support";

/** A workspace with a template, `agentCount` agents and a member and a viewer. */
async function setup(agentCount = 3) {
  const { workspace, members, scope } = await makeWorkspace({ roles: ["member", "viewer"] });
  const template = await makeTemplate(scope, { name: `Labels ${uid()}`, directives: "Help with tasks." });
  const agents = [];
  for (let i = 0; i < agentCount; i++) agents.push(await makeAgent(scope, template.id, { displayName: `Agent ${i}` }));
  return { workspace, members, scope, template, agents };
}

/** Every rollup of FeedbackItem equals a GROUP BY over the template's items. */
async function expectRollupsRight(templateId: string) {
  const daily = await db.$queryRaw<{ diff: number }[]>`
    SELECT count(*)::int AS diff FROM (
      (SELECT "occurredAt"::date AS day, category::text, sentiment::text, "sourceType", count(*)::int AS n FROM "FeedbackItem" WHERE "templateId" = ${templateId} GROUP BY 1, 2, 3, 4
       EXCEPT SELECT day, category::text, sentiment::text, "sourceType", items FROM "FeedbackDailyCount" WHERE "templateId" = ${templateId} AND items <> 0)
      UNION ALL
      (SELECT day, category::text, sentiment::text, "sourceType", items FROM "FeedbackDailyCount" WHERE "templateId" = ${templateId} AND items <> 0
       EXCEPT SELECT "occurredAt"::date, category::text, sentiment::text, "sourceType", count(*)::int FROM "FeedbackItem" WHERE "templateId" = ${templateId} GROUP BY 1, 2, 3, 4)
    ) d`;
  const blocks = await db.$queryRaw<{ diff: number }[]>`
    SELECT count(*)::int AS diff FROM (
      (SELECT "sourceCounter" >> 16 AS block, "sourceType", sentiment::text, count(*)::int AS n FROM "FeedbackItem" WHERE "templateId" = ${templateId} GROUP BY 1, 2, 3
       EXCEPT SELECT block, "sourceType", sentiment::text, items FROM "FeedbackCountBlock" WHERE "templateId" = ${templateId} AND items <> 0)
      UNION ALL
      (SELECT block, "sourceType", sentiment::text, items FROM "FeedbackCountBlock" WHERE "templateId" = ${templateId} AND items <> 0
       EXCEPT SELECT "sourceCounter" >> 16, "sourceType", sentiment::text, count(*)::int FROM "FeedbackItem" WHERE "templateId" = ${templateId} GROUP BY 1, 2, 3)
    ) d`;
  expect({ daily: daily[0].diff, blocks: blocks[0].diff }).toEqual({ daily: 0, blocks: 0 });
}

describe("correcting a label", () => {
  it("updates counts, patterns and the improver's next context in one transaction, with who and when", async () => {
    const { workspace, members, scope, template, agents } = await setup(3);
    const texts = agents.map((a, i) => `Yes, go ahead ${i}.`);
    for (const [i, a] of agents.entries()) await recordObservation({ scope, agentId: a.id, text: texts[i] });
    await recordObservation({ scope, agentId: agents[0].id, text: "The estimate was off by two hours." });
    const { model } = labelByText({ ...Object.fromEntries(texts.map((t) => [t, "negative/general" as const])), "The estimate was off by two hours.": "negative/accuracy" });
    await classifyPendingFeedback({ workspaceId: workspace.id, model });
    const items = await db.feedbackItem.findMany({ where: { templateId: template.id, detail: { in: texts } } });
    expect(items).toHaveLength(3);

    const before = await getFeedbackBreakdown({ workspaceId: workspace.id, templateId: template.id, days: 7 });
    expect(before.patterns.map((p) => `${p.sentiment}/${p.category}`)).toEqual(["negative/general"]);
    expect(before.totals).toMatchObject({ negative: 4, positive: 0 });

    actAs(members.member);
    const result = await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections: items.map((i) => ({ itemId: i.id, sentiment: "positive" })) });
    expect(result).toMatchObject({ ok: true, data: { corrected: 3, confirmed: 0 } });

    // Counts and patterns: the live breakdown reads the corrected labels at once.
    const after = await getFeedbackBreakdown({ workspaceId: workspace.id, templateId: template.id, days: 7 });
    expect(after.totals).toMatchObject({ negative: 1, positive: 3 });
    expect(after.patterns.map((p) => `${p.sentiment}/${p.category}`)).toEqual(["positive/general"]);
    await expectRollupsRight(template.id);

    // The item carries the person's labels; the history keeps the model's.
    const corrected = await db.feedbackItem.findMany({ where: { id: { in: items.map((i) => i.id) } } });
    expect(corrected.every((i) => i.classifiedBy === "person" && i.sentiment === "positive" && i.category === "general" && i.confidence === 1)).toBe(true);
    const history = await db.feedbackLabelCorrection.findMany({ where: { workspaceId: workspace.id } });
    expect(history).toHaveLength(3);
    expect(history.every((h) => h.userId === members.member.id && h.beforeSentiment === "negative" && h.beforeClassifiedBy === "model" && !h.confirmed)).toBe(true);
    expect(await db.outboxEvent.count({ where: { name: feedbackCorrected.name, data: { path: ["workspaceId"], equals: workspace.id } } })).toBe(1);

    // The improver's next context (a session's frozen summary) uses the corrected labels, and
    // records that people set some of them.
    const { session } = await startSession({ scope, templateId: template.id });
    const summary = session.feedbackSummary as { totals: { positive: number; negative: number }; patterns: { sentiment: string }[]; labels?: { personLabelled: number } };
    expect(summary.totals).toMatchObject({ positive: 3, negative: 1 });
    expect(summary.patterns.map((p) => p.sentiment)).toEqual(["positive"]);
    expect(summary.labels).toMatchObject({ personLabelled: 3 });
  });

  it("refuses as a whole: a foreign or signal item is 404 and nothing is written; viewers 403; bad input 400", async () => {
    const { workspace, members, scope, template, agents } = await setup(1);
    await recordObservation({ scope, agentId: agents[0].id, text: "Thanks, that helped." });
    await classifyPendingFeedback({ workspaceId: workspace.id, model: labelByText({ "Thanks, that helped.": "positive/general" }).model });
    const mine = await db.feedbackItem.findFirstOrThrow({ where: { templateId: template.id } });
    const other = await setup(1);
    await recordObservation({ scope: other.scope, agentId: other.agents[0].id, text: "No." });
    await classifyPendingFeedback({ workspaceId: other.workspace.id, model: labelByText({ "No.": "negative/general" }).model });
    const foreign = await db.feedbackItem.findFirstOrThrow({ where: { templateId: other.template.id } });
    const signal = await db.feedbackItem.create({
      data: { workspaceId: workspace.id, templateId: template.id, agentId: agents[0].id, sourceType: "rating", sourceId: uid(), sentiment: "negative", category: "general", confidence: 1, classifiedBy: "rule", detail: "Rated a run 0.1 / 1", sourceCounter: 1n, occurredAt: new Date() },
    });

    actAs(members.viewer);
    expect(await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections: [{ itemId: mine.id, sentiment: "negative" }] })).toMatchObject({ ok: false, error: { status: 403 } });
    actAs(members.member);
    for (const bad of [[{ itemId: mine.id, sentiment: "angry" }], [], [{ itemId: mine.id }, { itemId: mine.id }]]) {
      expect(await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections: bad as never })).toMatchObject({ ok: false, error: { status: 400 } });
    }
    for (const wrong of [foreign.id, signal.id]) {
      const result = await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections: [{ itemId: mine.id, sentiment: "negative" }, { itemId: wrong, sentiment: "positive" }] });
      expect(result).toMatchObject({ ok: false, error: { status: 404 } });
    }
    expect(await db.feedbackItem.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({ sentiment: "positive", classifiedBy: "model" });
    expect(await db.feedbackLabelCorrection.count({ where: { workspaceId: { in: [workspace.id, other.workspace.id] } } })).toBe(0);
  });
});

describe("the review queue", () => {
  it("lists model labels below the threshold, least sure first (newest first among equals), and drops what a person confirmed or corrected", async () => {
    const { workspace, members, scope, template, agents } = await setup(1);
    const texts = ["q one", "q two", "q three", "q four"];
    const day = 86_400_000;
    for (const [i, text] of texts.entries()) await recordObservation({ scope, agentId: agents[0].id, text, createdAt: new Date(Date.now() - (4 - i) * day) });
    await classifyPendingFeedback({ workspaceId: workspace.id, model: labelByText(Object.fromEntries(texts.map((t) => [t, "neutral/general" as const]))).model });
    const byText = new Map((await db.feedbackItem.findMany({ where: { templateId: template.id } })).map((i) => [i.detail, i]));
    const setConfidence = (text: string, confidence: number) => db.feedbackItem.update({ where: { id: byText.get(text)!.id }, data: { confidence } });
    await setConfidence("q one", 0.5);
    await setConfidence("q two", 0.3);
    await setConfidence("q three", 0.5);
    await setConfidence("q four", 0.95);

    const queue = await listLabelQueue({ workspaceId: workspace.id });
    expect(queue.map((i) => i.detail)).toEqual(["q two", "q three", "q one"]);
    expect(queue[0].templateName).toBe(template.name);
    expect(await countLabelQueue({ workspaceId: workspace.id })).toEqual({ value: 3, capped: false });

    actAs(members.member);
    // A confirmation (no field changed) counts as a correction and leaves the queue.
    expect(await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections: [{ itemId: byText.get("q two")!.id }] })).toMatchObject({ ok: true, data: { corrected: 0, confirmed: 1 } });
    expect(await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections: [{ itemId: byText.get("q one")!.id, category: "timeliness" }] })).toMatchObject({ ok: true, data: { corrected: 1 } });
    expect((await listLabelQueue({ workspaceId: workspace.id })).map((i) => i.detail)).toEqual(["q three"]);
    expect(await db.feedbackLabelCorrection.count({ where: { workspaceId: workspace.id, confirmed: true } })).toBe(1);
  });
});

describe("identical texts in the review queue", () => {
  it("lists a text once with how many identical items wait, and a label set on it (both keys) reaches all of them — not another template's, another reading's or another text's", async () => {
    const { workspace, members, scope, template, agents } = await setup(2);
    const other = await makeTemplate(scope, { name: `Other ${uid()}`, directives: "Help." });
    const otherAgent = await makeAgent(scope, other.id, { displayName: "Other agent" });
    const same = `Same words ${uid()}.`;
    const different = `Other words ${uid()}.`;
    const recorded: { agentId: string; text: string }[] = [
      { agentId: agents[0].id, text: same }, { agentId: agents[1].id, text: same }, { agentId: agents[0].id, text: same }, // identical ×3
      { agentId: agents[1].id, text: same }, // the same words read otherwise (another confidence)
      { agentId: otherAgent.id, text: same }, // another template
      { agentId: agents[0].id, text: different },
    ];
    const messageIds: string[] = [];
    for (const r of recorded) messageIds.push((await recordObservation({ scope, ...r })).id);
    await classifyPendingFeedback({ workspaceId: workspace.id, model: labelByText({ [same]: "neutral/general", [different]: "neutral/general" }).model });
    const bySource = new Map((await db.feedbackItem.findMany({ where: { workspaceId: workspace.id } })).map((i) => [i.sourceId, i]));
    const [a1, a2, a3, otherReading, otherTemplate, differentItem] = messageIds.map((id) => bySource.get(id)!);
    for (const [item, confidence] of [[a1, 0.3], [a2, 0.3], [a3, 0.3], [otherReading, 0.45], [otherTemplate, 0.3], [differentItem, 0.4]] as const) {
      await db.feedbackItem.update({ where: { id: item.id }, data: { confidence } });
    }
    expect(new Set([a1, a2, a3, otherReading].map((i) => i.templateId))).toEqual(new Set([template.id]));

    const queue = await listLabelQueue({ workspaceId: workspace.id });
    expect(queue.map((q) => [q.detail, q.templateId, q.confidence, q.identical]).sort()).toEqual(
      [[same, template.id, 0.3, 2], [same, other.id, 0.3, 0], [different, template.id, 0.4, 0], [same, template.id, 0.45, 0]].sort(),
    );
    expect(await countLabelQueue({ workspaceId: workspace.id })).toEqual({ value: 6, capped: false }); // items, not entries
    const entry = queue.find((q) => q.templateId === template.id && q.confidence === 0.3)!;

    actAs(members.member);
    // The category key, then the sentiment key, on the entry: each reaches its two identical items.
    expect(await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections: [{ itemId: entry.id, category: "timeliness" }], identical: true })).toMatchObject({ ok: true, data: { corrected: 3, confirmed: 0, identical: 2 } });
    expect(await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections: [{ itemId: entry.id, sentiment: "negative" }], identical: true })).toMatchObject({ ok: true, data: { corrected: 3, identical: 2 } });
    const after = new Map((await db.feedbackItem.findMany({ where: { workspaceId: workspace.id } })).map((i) => [i.id, i]));
    for (const item of [a1, a2, a3]) expect(after.get(item.id)).toMatchObject({ sentiment: "negative", category: "timeliness", classifiedBy: "person", confidence: 1 });
    for (const item of [otherReading, otherTemplate, differentItem]) expect(after.get(item.id)).toMatchObject({ sentiment: "neutral", category: "general", classifiedBy: "model" });
    expect(await db.feedbackLabelCorrection.count({ where: { workspaceId: workspace.id } })).toBe(6); // who and when, per item
    await expectRollupsRight(template.id);

    // Without `identical` (the label chips elsewhere), only the item named.
    const otherEntry = (await listLabelQueue({ workspaceId: workspace.id })).find((q) => q.templateId === other.id)!;
    expect(otherEntry.identical).toBe(0);
    expect(await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections: [{ itemId: otherReading.id, category: "accuracy" }] })).toMatchObject({ ok: true, data: { corrected: 1, identical: 0 } });
    expect((await listLabelQueue({ workspaceId: workspace.id })).map((q) => q.detail).sort()).toEqual([different, same].sort());
  });

  it("counts a text's copies up to 1,000 (×1,000+) and labels at most 1,000 of them at once; the rest stay in the queue", async () => {
    const { workspace, members, template, agents } = await setup(1);
    const text = `Copied ${uid()}.`;
    await db.feedbackItem.createMany({
      data: Array.from({ length: 1_002 }, (_, i) => ({
        workspaceId: workspace.id, templateId: template.id, agentId: agents[0].id, sourceType: "observation", sourceId: `copy-${uid()}-${i}`,
        sentiment: "negative" as const, category: "accuracy" as const, confidence: 0.25, classifiedBy: "model" as const, detail: text, sourceCounter: BigInt(i + 1), occurredAt: new Date(Date.now() - i * 1_000),
      })),
    });
    const [entry] = await listLabelQueue({ workspaceId: workspace.id });
    expect(entry).toMatchObject({ detail: text, identical: 1_000, identicalCapped: true });

    actAs(members.member);
    expect(await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections: [{ itemId: entry.id, sentiment: "neutral" }], identical: true })).toMatchObject({ ok: true, data: { corrected: 1_001, identical: 1_000 } });
    expect(await countLabelQueue({ workspaceId: workspace.id })).toEqual({ value: 1, capped: false });
    expect(await listLabelQueue({ workspaceId: workspace.id })).toMatchObject([{ detail: text, identical: 0, identicalCapped: false }]);
  });

  it("an adaptation's held-out check counts a text labelled on many identical items once", async () => {
    const taught = [
      { text: "Yes, go ahead.", source: "comment" as const, sentiment: "positive" as const, category: "timeliness" as const },
      { text: "Please stop.", source: "comment" as const, sentiment: "negative" as const, category: "tooling" as const },
      { text: "The estimate was off by two hours.", source: "comment" as const, sentiment: "negative" as const, category: "accuracy" as const },
      { text: "Great summary, thanks!", source: "comment" as const, sentiment: "positive" as const, category: "communication" as const },
      { text: "Reminder came too late again.", source: "comment" as const, sentiment: "negative" as const, category: "timeliness" as const },
    ];
    // Twenty identical corrections of the first text: in folds of their own, they would be scored on themselves.
    const repeated = [...Array.from({ length: 20 }, () => taught[0]), ...taught.slice(1)];
    expect(heldOutAccuracy(repeated)).toEqual(heldOutAccuracy(taught));
  });
});

describe("the workspace adaptation", () => {
  const YES = ["Yes.", "Yes, go ahead.", "Yes go ahead please", "yes, go ahead with it", "Yes, ship it.", "yes please go ahead"];

  it("learns from corrections, relabels similar model labels (counted) and never a person's, and leaves unrelated texts alone", async () => {
    const { workspace, members, scope, template, agents } = await setup(1);
    const later = ["Yes, go ahead then.", "The estimate was off by two hours."];
    for (const text of [...YES, ...later]) await recordObservation({ scope, agentId: agents[0].id, text });
    await classifyPendingFeedback({ workspaceId: workspace.id });
    const byText = new Map((await db.feedbackItem.findMany({ where: { templateId: template.id } })).map((i) => [i.detail, i]));
    const unrelatedBefore = byText.get(later[1])!;

    // A label the shipped model gives none of these texts.
    actAs(members.member);
    const corrections = YES.map((t) => ({ itemId: byText.get(t)!.id, sentiment: "positive" as const, category: "timeliness" as const }));
    expect(await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections })).toMatchObject({ ok: true });

    const result = await adaptClassifier({ workspaceId: workspace.id, builtIn: true });
    expect(result).toMatchObject({ status: "trained", version: 1, active: true, corrections: YES.length });
    if (result.status !== "trained") throw new Error("not trained");
    expect(result.accuracy).toBeGreaterThan(result.baseAccuracy);
    expect(result.relabelled).toBe(1);
    expect(await db.feedbackItem.findUniqueOrThrow({ where: { id: byText.get(later[0])!.id } })).toMatchObject({ sentiment: "positive", category: "timeliness", classifiedBy: "model" });
    expect(await db.feedbackItem.findUniqueOrThrow({ where: { id: unrelatedBefore.id } })).toMatchObject({ sentiment: unrelatedBefore.sentiment, category: unrelatedBefore.category });
    expect(await db.feedbackAdaptation.findFirstOrThrow({ where: { workspaceId: workspace.id } })).toMatchObject({ version: 1, active: true, relabelled: 1 });
    await expectRollupsRight(template.id);

    // New text is classified through the adaptation by the job.
    await recordObservation({ scope, agentId: agents[0].id, text: "yes go ahead now" });
    await classifyPendingFeedback({ workspaceId: workspace.id });
    expect(await db.feedbackItem.findFirstOrThrow({ where: { templateId: template.id, detail: "yes go ahead now" } })).toMatchObject({ sentiment: "positive", category: "timeliness" });

    // A person's label survives retraining and relabelling (the person says "Yes." is neutral now).
    await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections: [{ itemId: byText.get("Yes.")!.id, sentiment: "neutral", category: "general" }] });
    const again = await adaptClassifier({ workspaceId: workspace.id, builtIn: true, force: true });
    expect(again).toMatchObject({ status: "trained", version: 2 });
    expect(await db.feedbackItem.findUniqueOrThrow({ where: { id: byText.get("Yes.")!.id } })).toMatchObject({ sentiment: "neutral", category: "general", classifiedBy: "person" });
    for (const t of YES.slice(1)) expect(await db.feedbackItem.findUniqueOrThrow({ where: { id: byText.get(t)!.id } })).toMatchObject({ sentiment: "positive", classifiedBy: "person" });
  });

  it("waits for a batch of corrections, and an adaptation that scores worse than the shipped model is not used", async () => {
    const { workspace, members, scope, template, agents } = await setup(1);
    // Pairs of near-identical texts the person labels differently: a neighbour always misleads,
    // while the shipped model gets one of each pair right.
    const pairs = ["the export finished on time", "the summary was clear and short", "wrong priority on the ticket", "the checklist had duplicates", "reminder came too late"];
    const texts = pairs.flatMap((t) => [t, `${t} again`]);
    for (const text of texts) await recordObservation({ scope, agentId: agents[0].id, text });
    await classifyPendingFeedback({ workspaceId: workspace.id });
    const items = new Map((await db.feedbackItem.findMany({ where: { templateId: template.id } })).map((i) => [i.detail, i]));
    actAs(members.member);
    // The first of each pair confirmed as the shipped model labels it; the second given another label.
    await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections: pairs.slice(0, 2).map((t) => ({ itemId: items.get(t)!.id })) });
    expect(await adaptClassifier({ workspaceId: workspace.id, builtIn: true })).toEqual({ status: "not-enough" });
    const rest = pairs.slice(2).map((t) => ({ itemId: items.get(t)!.id }));
    // Rotated, so each pair's two texts fall in different cross-validation folds (position mod 5).
    const others = [...pairs.slice(1), pairs[0]].map((t) => {
      const base = classifyFeedbackText(t, "observation");
      return { itemId: items.get(`${t} again`)!.id, sentiment: base.sentiment === "negative" ? ("positive" as const) : ("negative" as const), category: base.category === "timeliness" ? ("tooling" as const) : ("timeliness" as const) };
    });
    await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections: [...rest, ...others] });

    const result = await adaptClassifier({ workspaceId: workspace.id, builtIn: true });
    expect(result).toMatchObject({ status: "trained", active: false });
    if (result.status !== "trained") throw new Error("not trained");
    expect(result.accuracy).toBeLessThan(result.baseAccuracy);
    expect(await db.feedbackAdaptation.count({ where: { workspaceId: workspace.id, active: true } })).toBe(0);
    // With a hosted classifier there is no adaptation: corrections are few-shot examples instead.
    expect(await adaptClassifier({ workspaceId: workspace.id, builtIn: false, force: true })).toEqual({ status: "hosted" });
  });
});

describe("few-shot examples for a hosted model", () => {
  it("sends the workspace's corrections in the classification prompt", async () => {
    const { workspace, members, scope, agents } = await setup(1);
    await recordObservation({ scope, agentId: agents[0].id, text: "Bulk: not relevant any more" });
    const first = labelByText({ "Bulk: not relevant any more": "negative/timeliness" });
    await classifyPendingFeedback({ workspaceId: workspace.id, model: first.model });
    const item = await db.feedbackItem.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    actAs(members.member);
    await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections: [{ itemId: item.id, sentiment: "neutral", category: "general" }] });

    await recordObservation({ scope, agentId: agents[0].id, text: "Bulk: duplicate" });
    const systems: string[] = [];
    const second = labelByText({ "Bulk: duplicate": "neutral/general" });
    const doGenerate = second.model.doGenerate.bind(second.model);
    second.model.doGenerate = async (options) => {
      systems.push(options.prompt.flatMap((m) => (m.role === "system" ? [m.content] : [])).join("\n"));
      return doGenerate(options);
    };
    await classifyPendingFeedback({ workspaceId: workspace.id, model: second.model });
    expect(systems).toHaveLength(1);
    expect(systems[0]).toContain("Bulk: not relevant any more → neutral, general");
  });
});

describe("the frozen window", () => {
  it("records how many of its labels a person set", async () => {
    const { workspace, members, scope, template, agents } = await setup(1);
    await recordObservation({ scope, agentId: agents[0].id, text: "Fine by me." });
    await classifyPendingFeedback({ workspaceId: workspace.id, model: labelByText({ "Fine by me.": "negative/general" }).model });
    const item = await db.feedbackItem.findFirstOrThrow({ where: { templateId: template.id } });
    actAs(members.member);
    await correctFeedbackLabelsAction({ workspaceSlug: workspace.slug, corrections: [{ itemId: item.id, sentiment: "positive" }] });
    const result = await runFeedbackPipeline({ workspaceId: workspace.id, templateId: template.id, sinceCounter: 0 });
    const stored = await db.classifiedFeedback.findUniqueOrThrow({ where: { id: result.classifiedFeedbackId } });
    expect(stored).toMatchObject({ personLabelled: 1, adaptationVersion: null, positive: 1 });
  });
});
