import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { recordObservation } from "@/features/agents/server/record-message";
import { classifyPendingFeedback } from "@/features/feedback/server/classify-pending";
import { correctFeedbackLabels } from "@/features/feedback/server/correct-feedback-labels";
import { ADAPT_AFTER_CORRECTIONS } from "@/features/feedback/server/adapt-classifier";
import { feedbackCorrected } from "@/inngest/events";
import { createAdaptClassifierFunction } from "@/inngest/functions/adapt-classifier";
import { db } from "@/server/db";
import { executorsForThisFile, testClock, testId } from "../jobs/harness";
import { feedbackSetup } from "./support";

// The adapt-classifier job is written once (inngest/functions/adapt-classifier.ts): after a batch of
// corrections it trains the workspace's adaptation on both drivers; the local executor debounces a
// burst of corrections (a person working through "Check labels") into one retrain.

const YES = ["Yes.", "Yes, go ahead.", "Yes go ahead please", "yes, go ahead with it", "Yes, ship it.", "yes please go ahead"];

/** A workspace whose people corrected ADAPT_AFTER_CORRECTIONS+ labels (one correction each, as from the queue). */
async function corrected() {
  const { scope, agents, window } = await feedbackSetup(1);
  for (const text of [...YES, "Yes, go ahead then."]) await recordObservation({ scope, agentId: agents[0].id, text });
  await classifyPendingFeedback({ workspaceId: window.workspaceId });
  const items = await db.feedbackItem.findMany({ where: { workspaceId: window.workspaceId, detail: { in: YES } } });
  for (const item of items) await correctFeedbackLabels({ scope, corrections: [{ itemId: item.id, sentiment: "positive", category: "timeliness" }] });
  expect(items.length).toBeGreaterThanOrEqual(ADAPT_AFTER_CORRECTIONS);
  return window.workspaceId;
}

describe("adapt-classifier, written once", () => {
  it("on Inngest (@inngest/test): trains, activates and relabels", async () => {
    const workspaceId = await corrected();
    const fn = createAdaptClassifierFunction({ id: testId("adapt-classifier"), builtIn: true });
    const { result, error } = await new InngestTestEngine({ function: fn, events: [{ name: feedbackCorrected.name, data: { workspaceId } }] }).execute();
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ status: "trained", version: 1, active: true, relabelled: 1 });
  });

  const newExecutor = executorsForThisFile();
  it("on the local executor: a burst of correction events is one retrain after the debounce", async () => {
    const workspaceId = await corrected();
    const id = testId("adapt-classifier");
    const clock = testClock(Date.now());
    const executor = await newExecutor({ functions: [createAdaptClassifierFunction({ id, builtIn: true })], now: clock.now, work: false });
    await executor.dispatch(YES.map(() => ({ name: feedbackCorrected.name, data: { workspaceId } })));
    await executor.drain();
    expect(await db.feedbackAdaptation.count({ where: { workspaceId } })).toBe(0);
    clock.advance(61_000);
    await executor.drain();
    const runs = await db.functionRun.findMany({ where: { functionId: id } });
    expect(runs.map((r) => r.status)).toEqual(["completed"]);
    expect(runs[0].output).toMatchObject({ status: "trained", version: 1, active: true, relabelled: 1 });
    expect(await db.feedbackAdaptation.findFirstOrThrow({ where: { workspaceId } })).toMatchObject({ version: 1, active: true, relabelled: 1 });
  });
});
