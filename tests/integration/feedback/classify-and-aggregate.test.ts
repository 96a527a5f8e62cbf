import { describe, expect, it } from "vitest";
import { builtinModel } from "@/ai/providers/builtin";
import { recordObservation } from "@/features/agents/server/record-message";
import { classifyPendingFeedback, MAX_ATTEMPTS, retryGivenUpFeedback } from "@/features/feedback/server/classify-pending";
import { extractFeedback } from "@/features/feedback/server/extract-feedback";
import { getFeedbackBreakdown, getLatestClassifiedFeedback, getWaitingFeedback } from "@/features/feedback/server/queries";
import { aggregateFeedback } from "@/features/feedback/server/aggregate-feedback";
import { runFeedbackPipeline } from "@/features/feedback/server/run-feedback-pipeline";
import { db } from "@/server/db";
import { failingModel } from "../../support/scripted-models";
import { makeDecision, makeFeedbackItem } from "../../factories";
import { feedbackSetup, scriptedClassifier } from "./support";

const label = (sentiment: string, category: string, confidence = 0.8) => (items: string[]) =>
  JSON.stringify({ items: items.map((_, i) => ({ index: i + 1, sentiment, category, confidence })) });

describe("classifyPendingFeedback", () => {
  it("sends waiting texts in batches of 25, one line each with who wrote it, stores the labels once: a second run makes no call", async () => {
    const { scope, agents, window } = await feedbackSetup(2);
    for (let i = 1; i <= 30; i++) await recordObservation({ scope, agentId: agents[i % 2].id, text: `Observation ${i} about\nthe ticket` });
    const { model, calls } = scriptedClassifier(label("negative", "timeliness", 0.66));
    const result = await classifyPendingFeedback({ workspaceId: window.workspaceId, model });
    expect(calls.map((c) => c.length)).toEqual([25, 5]);
    expect(calls[0][0]).toBe("Observation 1 about the ticket"); // one line per item
    expect(result).toMatchObject({ modelCalls: 2, pending: 0, failedItems: 0, failure: null, classified: { negative: 30, total: 30 } });

    const rows = await db.feedbackItem.findMany({ where: { templateId: window.templateId }, orderBy: { sourceCounter: "asc" } });
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.classifiedBy === "model" && r.sourceType === "observation")).toBe(true);
    expect(rows[0]).toMatchObject({ sentiment: "negative", category: "timeliness", confidence: 0.66, detail: "Observation 1 about\nthe ticket" });
    expect(await db.pendingFeedback.count({ where: { templateId: window.templateId } })).toBe(0);

    const again = await classifyPendingFeedback({ workspaceId: window.workspaceId, model });
    expect(again).toMatchObject({ modelCalls: 0, pending: 0 });
    expect(calls).toHaveLength(2);
  });

  it("tags each line with its source: an agent's note, a decision reason", async () => {
    const { scope, agents, window } = await feedbackSetup(1);
    await recordObservation({ scope, agentId: agents[0].id, text: "A teammate merged it and thanked me." });
    await makeDecision(scope, agents[0].id, "propose_estimate", "rejected", "two hours for a typo fix?");
    const prompts: string[] = [];
    const { model } = scriptedClassifier(label("neutral", "general"));
    const spy = new Proxy(model, {
      get(target, key, receiver) {
        if (key !== "doGenerate") return Reflect.get(target, key, receiver);
        return async (options: Parameters<typeof model.doGenerate>[0]) => {
          prompts.push(options.prompt.flatMap((m) => (m.role === "user" ? m.content.flatMap((c) => (c.type === "text" ? [c.text] : [])) : [])).join("\n"));
          return target.doGenerate(options);
        };
      },
    });
    await classifyPendingFeedback({ workspaceId: window.workspaceId, model: spy });
    expect(prompts[0]).toContain("1. [agent's note] A teammate merged it and thanked me.");
    expect(prompts[0]).toContain("2. [decision reason] two hours for a typo fix?");
  });

  it("reads a confirmation's reason as a comment: \"Yes, go ahead.\" is not a negative rejection reason (built-in classifier)", async () => {
    const { scope, agents, window } = await feedbackSetup(1);
    await makeDecision(scope, agents[0].id, "propose_estimate", "confirmed", "Yes, go ahead.");
    await makeDecision(scope, agents[0].id, "propose_status", "confirmed", "Yes.");
    await makeDecision(scope, agents[0].id, "propose_estimate", "rejected", "two hours for a typo fix?");
    const prompts: string[] = [];
    const { model: tagged } = scriptedClassifier(label("neutral", "general"));
    const spy = new Proxy(tagged, {
      get(target, key, receiver) {
        if (key !== "doGenerate") return Reflect.get(target, key, receiver);
        return async (options: Parameters<typeof tagged.doGenerate>[0]) => {
          prompts.push(options.prompt.flatMap((m) => (m.role === "user" ? m.content.flatMap((c) => (c.type === "text" ? [c.text] : [])) : [])).join("\n"));
          throw new Error("only the prompt is looked at");
        };
      },
    });
    await classifyPendingFeedback({ workspaceId: window.workspaceId, model: spy });
    // A hosted model is told the same: the confirmation's words are a person's comment.
    expect(prompts[0]).toContain("[comment] Yes, go ahead.");
    expect(prompts[0]).toContain("[decision reason] two hours for a typo fix?");

    // The prompt failed once (one attempt counted): the built-in classifier labels the three now.
    const result = await classifyPendingFeedback({ workspaceId: window.workspaceId, model: builtinModel("classifier") });
    expect(result).toMatchObject({ pending: 0, classified: { total: 3 } });
    const labelOf = (detail: string) => db.feedbackItem.findFirstOrThrow({ where: { templateId: window.templateId, sourceType: "reason", detail } });
    expect((await labelOf("Yes, go ahead.")).sentiment).not.toBe("negative");
    expect((await labelOf("Yes.")).sentiment).not.toBe("negative");
    expect((await labelOf("two hours for a typo fix?")).sentiment).toBe("negative");
  });

  it("an item the answer skips or gets wrong stays waiting with the reason — never stored as neutral", async () => {
    const { scope, agents, window } = await feedbackSetup(1);
    for (let i = 0; i < 4; i++) await recordObservation({ scope, agentId: agents[0].id, text: `Note ${i}` });
    // item 3 omitted, item 4 has an unknown sentiment
    const { model } = scriptedClassifier((items) =>
      JSON.stringify({ items: items.flatMap((_, i) => (i === 2 ? [] : [{ index: i + 1, sentiment: i === 3 ? "angry" : "positive", category: "general", confidence: 0.7 }])) }),
    );
    const result = await classifyPendingFeedback({ workspaceId: window.workspaceId, model });
    expect(result).toMatchObject({ modelCalls: 1, failedItems: 2, pending: 2, classified: { positive: 2, neutral: 0, total: 2 } });
    const items = await db.feedbackItem.findMany({ where: { templateId: window.templateId } });
    expect(items.map((i) => i.detail).sort()).toEqual(["Note 0", "Note 1"]);
    expect(items.some((i) => i.sentiment === "neutral" || i.confidence === 0)).toBe(false);
    const waiting = await db.pendingFeedback.findMany({ where: { templateId: window.templateId }, orderBy: { text: "asc" } });
    expect(waiting.map((w) => [w.text, w.attempts, w.lastError])).toEqual([
      ["Note 2", 1, "The classifier's answer had no valid label for this text."],
      ["Note 3", 1, "The classifier's answer had no valid label for this text."],
    ]);
    // An answer that is not JSON at all: the same, one more attempt each.
    const { model: prose } = scriptedClassifier(() => "Sorry, I cannot help with that.");
    expect(await classifyPendingFeedback({ workspaceId: window.workspaceId, model: prose })).toMatchObject({ modelCalls: 1, failedItems: 2, pending: 2 });
    expect((await db.pendingFeedback.findMany({ where: { templateId: window.templateId } })).map((w) => w.attempts)).toEqual([2, 2]);
  });

  it("a provider failure writes nothing, counts an attempt, stops; after MAX_ATTEMPTS a text waits for a person's retry", async () => {
    const { scope, agents, window } = await feedbackSetup(1);
    for (let i = 0; i < 30; i++) await recordObservation({ scope, agentId: agents[0].id, text: `Status note ${i}` });
    const failed = await classifyPendingFeedback({ workspaceId: window.workspaceId, model: failingModel("provider down"), retry: { retries: 0 } });
    expect(failed).toMatchObject({ modelCalls: 1, failedItems: 25, pending: 30, failure: { message: "provider down", batch: 1, items: 25 } });
    expect(await db.feedbackItem.count({ where: { templateId: window.templateId } })).toBe(0);
    const first = await db.pendingFeedback.findFirstOrThrow({ where: { templateId: window.templateId, attempts: 1 } });
    expect(first.lastError).toBe("The classifier model failed: provider down");

    for (let i = 1; i < MAX_ATTEMPTS; i++) await classifyPendingFeedback({ workspaceId: window.workspaceId, model: failingModel("provider down"), retry: { retries: 0 } });
    // The first 25 were tried MAX_ATTEMPTS times: given up; the built-in classifier now labels the other 5.
    const ok = await classifyPendingFeedback({ workspaceId: window.workspaceId, model: builtinModel("classifier") });
    expect(ok).toMatchObject({ modelCalls: 1, pending: 0, failure: null, classified: { total: 5 } });
    expect(await db.pendingFeedback.count({ where: { templateId: window.templateId, attempts: MAX_ATTEMPTS } })).toBe(25);
    const extract = await extractFeedback(window);
    expect(extract).toMatchObject({ pendingTexts: 25, givenUpTexts: 25, waitingFrom: null });

    // "Classify new feedback": a person asks again.
    await retryGivenUpFeedback(window);
    const retried = await classifyPendingFeedback({ workspaceId: window.workspaceId, model: builtinModel("classifier") });
    expect(retried).toMatchObject({ modelCalls: 1, pending: 0, classified: { total: 25 } });
    expect(await db.feedbackItem.count({ where: { templateId: window.templateId, classifiedBy: "model" } })).toBe(30);
  });

  it("a batch holds one workspace's texts; a workspace scope leaves the others' waiting", async () => {
    const a = await feedbackSetup(1);
    const b = await feedbackSetup(1);
    await recordObservation({ scope: a.scope, agentId: a.agents[0].id, text: "A's note" });
    await recordObservation({ scope: b.scope, agentId: b.agents[0].id, text: "B's note" });
    const { model, calls } = scriptedClassifier(label("neutral", "general"));
    await classifyPendingFeedback({ workspaceId: a.window.workspaceId, model });
    expect(calls).toEqual([["A's note"]]);
    expect(await db.pendingFeedback.count({ where: { workspaceId: b.window.workspaceId } })).toBe(1);
  });

  it("a window ends just before the oldest text still waiting: nothing is acknowledged before it has its label", async () => {
    const { scope, agents, window } = await feedbackSetup(1);
    await makeDecision(scope, agents[0].id, "propose_estimate", "rejected");
    const note = await recordObservation({ scope, agentId: agents[0].id, text: "Waiting for a label" });
    await makeDecision(scope, agents[0].id, "propose_estimate", "confirmed");
    const noteCounter = Number((await db.agentMessage.findUniqueOrThrow({ where: { id: note.id } })).changeCounter);

    const waiting = await runFeedbackPipeline({ ...window, catchUp: false });
    expect(waiting.extract).toMatchObject({ pendingTexts: 1, waitingFrom: noteCounter, pendingIds: [note.id] });
    expect(waiting.coveredUntilCounter).toBe(noteCounter - 1);
    expect(waiting.summary.totals).toMatchObject({ items: 1, negative: 1 }); // the rejection only

    const { model } = scriptedClassifier(label("positive", "communication"));
    const done = await runFeedbackPipeline({ ...window, sinceCounter: waiting.coveredUntilCounter, model });
    expect(done.classify).toMatchObject({ modelCalls: 1, classified: { positive: 1 } });
    expect(done.extract).toMatchObject({ pendingTexts: 0, waitingFrom: null });
    expect(done.summary.totals).toMatchObject({ items: 2, positive: 2 }); // the note and the confirmation
  });
});

describe("aggregation and patterns", () => {
  it("a (category, sentiment) seen in 3 distinct agents is a pattern, at 2 it is not; stored and live views agree", async () => {
    const { scope, agents, window } = await feedbackSetup(4);
    for (const a of agents.slice(0, 3)) await makeDecision(scope, a.id, "propose_estimate", "rejected", `Estimate off for ${a.displayName}`);
    await makeDecision(scope, agents[0].id, "propose_estimate", "rejected"); // same agent again: still 3 agents
    for (const a of agents.slice(0, 2)) await makeDecision(scope, a.id, "propose_checklist_items", "confirmed");
    await recordObservation({ scope, agentId: agents[3].id, text: "Customer asked for the invoice." }); // written: the classifier's
    // The reasons and the note, labeled by the classifier: the reasons are accuracy complaints, the note is neutral.
    const { model } = scriptedClassifier((items) =>
      JSON.stringify({ items: items.map((t, i) => (t.startsWith("Estimate off") ? { index: i + 1, sentiment: "negative", category: "accuracy", confidence: 0.9 } : { index: i + 1, sentiment: "neutral", category: "general", confidence: 0.9 })) }),
    );

    const run = await runFeedbackPipeline({ ...window, model });
    expect(run.summary.totals).toEqual({ items: 10, positive: 2, negative: 7, neutral: 1 });
    expect(run.summary.patterns).toHaveLength(1);
    const [p] = run.summary.patterns;
    expect(p).toMatchObject({ category: "accuracy", sentiment: "negative", agentCount: 3, itemCount: 7 });
    expect(p.examples).toHaveLength(3);
    expect(new Set(p.examples.map((e) => e.agentId)).size).toBe(3);

    const stored = await getLatestClassifiedFeedback(window);
    expect(stored).toMatchObject({ id: run.classifiedFeedbackId, itemCount: 10, positive: 2, negative: 7, neutral: 1, sinceCounter: 0, untilCounter: run.coveredUntilCounter });
    expect(stored!.byCategory.accuracy).toEqual({ positive: 0, negative: 7, neutral: 0 });
    expect(stored!.byCategory.prioritization).toEqual({ positive: 2, negative: 0, neutral: 0 });
    expect(stored!.patterns).toEqual(run.summary.patterns);

    const live = await getFeedbackBreakdown({ ...window, days: 7 });
    expect(live.totals).toEqual(run.summary.totals);
    expect(live.byCategory[0]).toEqual({ category: "accuracy", positive: 0, negative: 7, neutral: 0 });
    expect(live.patterns).toEqual(run.summary.patterns);

    // a second run over the same window: nothing new classified, the same picture
    const second = await runFeedbackPipeline({ ...window, model });
    expect(second.classify?.modelCalls).toBe(0);
    expect(second.extract).toMatchObject({ pendingTexts: 0, coveredUntilCounter: run.coveredUntilCounter, counts: run.extract.counts });
    expect(run.extract.counts).toMatchObject({ observation: { neutral: 1, total: 1 }, reason: { negative: 3, total: 3 }, decision: { negative: 4, positive: 2, total: 6 } });
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

describe("getWaitingFeedback", () => {
  it("says how many written texts wait and how many were given up, with the newest error", async () => {
    const { scope, agents, window } = await feedbackSetup(1);
    expect(await getWaitingFeedback(window)).toEqual({ waiting: 0, givenUp: 0, lastError: null });
    for (let i = 0; i < 3; i++) await recordObservation({ scope, agentId: agents[0].id, text: `Note ${i}` });
    expect(await getWaitingFeedback(window)).toEqual({ waiting: 3, givenUp: 0, lastError: null });
    await db.pendingFeedback.updateMany({ where: { templateId: window.templateId, text: "Note 0" }, data: { attempts: MAX_ATTEMPTS, lastError: "The classifier model failed: provider down" } });
    expect(await getWaitingFeedback(window)).toEqual({ waiting: 2, givenUp: 1, lastError: "The classifier model failed: provider down" });
    expect(await getWaitingFeedback({ workspaceId: (await feedbackSetup(1)).window.workspaceId, templateId: window.templateId })).toEqual({ waiting: 0, givenUp: 0, lastError: null });
  });
});
