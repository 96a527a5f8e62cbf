import { describe, expect, it } from "vitest";
import { builtinModel } from "@/ai/providers/builtin";
import { recordObservation } from "@/features/agents/server/record-message";
import { classifyObservations } from "@/features/feedback/server/classify-observations";
import { getFeedbackBreakdown, getLatestClassifiedFeedback } from "@/features/feedback/server/queries";
import { aggregateFeedback } from "@/features/feedback/server/aggregate-feedback";
import { runFeedbackPipeline } from "@/features/feedback/server/run-feedback-pipeline";
import { classifyByRules } from "@/features/feedback/rules";
import { db } from "@/server/db";
import { failingModel } from "../../support/scripted-models";
import { makeDecision, makeFeedbackItem } from "../../factories";
import { feedbackSetup, scriptedClassifier } from "./support";

describe("classifyObservations", () => {
  it("keyword rules in SQL agree with the JS rule table, sentence by sentence", async () => {
    const { scope, agents, window } = await feedbackSetup(1);
    const sentences = [
      "Thanks, the estimate was accurate.",
      "The estimate was wrong by two days.",
      "Reply came late, the deadline passed.",
      "Great prioritization of the urgent P1 ticket.",
      "The report is verbose and confusing.",
      "Duplicate checklist items in the proposal.",
      "Not helpful at all.",
      "It wasn't late this time, great.",
      "Great start but the numbers were wrong.",
      "Customer asked about the invoice.",
      "Excellent, spot-on summary.",
      "Missed the escalation.",
      "I'll do it later, nice.",
      "Known issues matched the QA sign-off exactly; nothing missing.",
    ];
    const ids: string[] = [];
    for (const text of sentences) ids.push((await recordObservation({ scope, agentId: agents[0].id, text })).id);
    // Classified when written (the AgentMessage insert trigger): no pipeline call needed.
    const rows = await db.feedbackItem.findMany({ where: { templateId: window.templateId } });
    const byId = new Map(rows.map((r) => [r.sourceId, r]));
    const seen = sentences.map((text, i) => {
      const r = byId.get(ids[i]);
      return { text, sql: r ? { sentiment: r.sentiment, category: r.category, confidence: r.confidence } : null };
    });
    expect(seen).toEqual(sentences.map((text) => ({ text, sql: classifyByRules(text) })));
    const result = await classifyObservations({ ...window, useModel: false });
    expect(result.pending).toBe(sentences.length - rows.length);
    const pending = await db.pendingObservation.findMany({ where: { templateId: window.templateId } });
    expect(pending.map((p) => p.messageId).sort()).toEqual(ids.filter((_, i) => classifyByRules(sentences[i]) === null).sort());
    expect(result.modelCalls).toBe(0);
    expect(rows.every((r) => r.classifiedBy === "rule")).toBe(true);
  });

  it("sends the rest to the model in batches of 25, stores confidence, maps malformed answers to neutral/general 0, never twice", async () => {
    const { scope, agents, window } = await feedbackSetup(2);
    await recordObservation({ scope, agentId: agents[0].id, text: "Thanks, accurate estimate." }); // rule
    for (let i = 1; i <= 30; i++) await recordObservation({ scope, agentId: agents[i % 2].id, text: `Observation ${i} about\nthe ticket` });
    const { model, calls } = scriptedClassifier((items, call) => {
      if (call === 1) {
        // item 3 omitted, item 4 has an unknown sentiment
        const answer = items.flatMap((_, i) => (i === 2 ? [] : [{ index: i + 1, sentiment: i === 3 ? "angry" : "negative", category: "timeliness", confidence: 0.66 }]));
        return JSON.stringify({ items: answer });
      }
      return "Sorry, I cannot help with that.";
    });
    const result = await classifyObservations({ ...window, model });
    expect(calls.map((c) => c.length)).toEqual([25, 5]);
    expect(calls[0][0]).toBe("Observation 1 about the ticket"); // one line per item
    expect(result).toMatchObject({ modelCalls: 2, pending: 0, failure: null });
    expect(result.byModel).toMatchObject({ negative: 23, neutral: 7, total: 30, malformed: 7 });

    const rows = await db.feedbackItem.findMany({ where: { templateId: window.templateId, classifiedBy: "model" }, orderBy: { sourceCounter: "asc" } });
    expect(rows).toHaveLength(30);
    expect(rows[0]).toMatchObject({ sentiment: "negative", category: "timeliness", confidence: 0.66 });
    expect(rows[2]).toMatchObject({ sentiment: "neutral", category: "general", confidence: 0 });
    expect(rows[3]).toMatchObject({ sentiment: "neutral", category: "general", confidence: 0 });
    expect(rows.slice(25).every((r) => r.sentiment === "neutral" && r.confidence === 0)).toBe(true);

    const again = await classifyObservations({ ...window, model });
    expect(again.modelCalls).toBe(0);
    expect(calls).toHaveLength(2);
    expect(await db.feedbackItem.count({ where: { templateId: window.templateId } })).toBe(31);
  });

  it("a provider failure writes nothing for the batch and leaves the observations for the next run", async () => {
    const { scope, agents, window } = await feedbackSetup(1);
    for (let i = 0; i < 3; i++) await recordObservation({ scope, agentId: agents[0].id, text: `Status note ${i}` });
    const failed = await classifyObservations({ ...window, model: failingModel("provider down"), retry: { retries: 0 } });
    expect(failed.failure).toMatchObject({ message: "provider down", batch: 1, items: 3 });
    expect(failed.pending).toBe(3);
    expect(await db.feedbackItem.count({ where: { templateId: window.templateId } })).toBe(0);

    // The built-in classifier understands the prompt (numbered lines).
    const ok = await classifyObservations({ ...window, model: builtinModel("classifier") });
    expect(ok).toMatchObject({ modelCalls: 1, pending: 0, failure: null });
    expect(await db.feedbackItem.count({ where: { templateId: window.templateId, classifiedBy: "model" } })).toBe(3);
  });
});

describe("aggregation and patterns", () => {
  it("a (category, sentiment) seen in 3 distinct agents is a pattern, at 2 it is not; stored and live views agree", async () => {
    const { scope, agents, window } = await feedbackSetup(4);
    for (const a of agents.slice(0, 3)) await makeDecision(scope, a.id, "propose_estimate", "rejected", `Estimate off for ${a.displayName}`);
    await makeDecision(scope, agents[0].id, "propose_estimate", "rejected"); // same agent again: still 3 agents
    for (const a of agents.slice(0, 2)) await makeDecision(scope, a.id, "propose_checklist_items", "confirmed");
    await recordObservation({ scope, agentId: agents[3].id, text: "Customer asked for the invoice." }); // left to the model

    const run = await runFeedbackPipeline({ ...window, model: builtinModel("classifier") });
    expect(run.summary.totals).toEqual({ items: 7, positive: 2, negative: 4, neutral: 1 });
    expect(run.summary.patterns).toHaveLength(1);
    const [p] = run.summary.patterns;
    expect(p).toMatchObject({ category: "accuracy", sentiment: "negative", agentCount: 3, itemCount: 4 });
    expect(p.examples).toHaveLength(3);
    expect(new Set(p.examples.map((e) => e.agentId)).size).toBe(3);

    const stored = await getLatestClassifiedFeedback(window);
    expect(stored).toMatchObject({ id: run.classifiedFeedbackId, itemCount: 7, positive: 2, negative: 4, neutral: 1, sinceCounter: 0, untilCounter: run.coveredUntilCounter });
    expect(stored!.byCategory.accuracy).toEqual({ positive: 0, negative: 4, neutral: 0 });
    expect(stored!.byCategory.prioritization).toEqual({ positive: 2, negative: 0, neutral: 0 });
    expect(stored!.patterns).toEqual(run.summary.patterns);

    const live = await getFeedbackBreakdown({ ...window, days: 7 });
    expect(live.totals).toEqual(run.summary.totals);
    expect(live.byCategory[0]).toEqual({ category: "accuracy", positive: 0, negative: 4, neutral: 0 });
    expect(live.patterns).toEqual(run.summary.patterns);

    // a second run over the same window: nothing new classified, the same picture
    const second = await runFeedbackPipeline({ ...window, model: builtinModel("classifier") });
    expect(second.classify.modelCalls).toBe(0);
    expect(second.extract).toMatchObject({ pendingObservations: 0, coveredUntilCounter: run.coveredUntilCounter, counts: { ...run.extract.counts, observation: { positive: 0, negative: 0, neutral: 1, total: 1 } } });
    expect(second.summary).toEqual(run.summary);
  });

  it("the stored aggregate's examples carry their source type and are written feedback when there is any; per-kind totals", async () => {
    const { agents, window } = await feedbackSetup(4);
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * 60_000);
    let counter = 0n;
    const item = (agent: (typeof agents)[number], sourceType: string, sentiment: "positive" | "negative", category: "accuracy" | "tooling", detail: string, minutes: number) =>
      makeFeedbackItem(agent, { sourceType, sentiment, category, detail, sourceCounter: ++counter, occurredAt: ago(minutes) });
    // accuracy / negative: decisions of agents 0–2 are the newest; an observation (agent 3) and a reason (agent 1) were written.
    for (const [i, a] of agents.slice(0, 3).entries()) await item(a, "decision", "negative", "accuracy", "Rejected a proposed estimate", 1 + i);
    await item(agents[3], "observation", "negative", "accuracy", "The estimate was off by two days", 20);
    await item(agents[1], "reason", "negative", "accuracy", "The numbers do not add up", 30);
    // tooling / positive: decisions only.
    for (const [i, a] of agents.slice(0, 3).entries()) await item(a, "decision", "positive", "tooling", "Confirmed a proposed checklist (3 items)", 5 + i);

    const result = await aggregateFeedback({ ...window, sinceCounter: 0, untilCounter: Number(counter) });
    const stored = await getLatestClassifiedFeedback(window);
    expect(stored!.patterns).toEqual(result.patterns);
    const accuracy = stored!.patterns.find((p) => p.category === "accuracy")!;
    expect(accuracy).toMatchObject({ sentiment: "negative", agentCount: 4, itemCount: 5 });
    expect(accuracy.examples).toEqual([
      { itemId: expect.any(String), agentId: agents[3].id, sourceType: "observation", detail: "The estimate was off by two days" },
      { itemId: expect.any(String), agentId: agents[1].id, sourceType: "reason", detail: "The numbers do not add up" },
    ]);
    const tooling = stored!.patterns.find((p) => p.category === "tooling")!;
    expect(tooling.examples.map((e) => [e.agentId, e.sourceType])).toEqual([[agents[0].id, "decision"], [agents[1].id, "decision"], [agents[2].id, "decision"]]);
    expect(result.bySource).toEqual([
      { sourceType: "observation", positive: 0, negative: 1, neutral: 0 },
      { sourceType: "reason", positive: 0, negative: 1, neutral: 0 },
      { sourceType: "decision", positive: 3, negative: 3, neutral: 0 },
    ]);
    expect(result.byKind).toEqual({ written: { items: 2, positive: 0, negative: 2, neutral: 0 }, signal: { items: 6, positive: 3, negative: 3, neutral: 0 } });

    // The live breakdown of the same items says the same.
    const live = await getFeedbackBreakdown({ ...window, days: 1 });
    expect(live.patterns).toEqual(result.patterns);
    expect(live.byKind).toEqual(result.byKind);
  });
});
