import { InngestTestEngine } from "@inngest/test";
import type { LanguageModel } from "ai";
import { describe, expect, it } from "vitest";
import { recordObservation } from "@/features/agents/server/record-message";
import { feedbackWritten } from "@/inngest/events";
import { createClassifyFeedbackFunction } from "@/inngest/functions/classify-feedback";
import { db } from "@/server/db";
import { failingModel } from "../../support/scripted-models";
import { makeDecision } from "../../factories";
import { executorsForThisFile, testClock, testId } from "../jobs/harness";
import { feedbackSetup, scriptedClassifier } from "./support";

// The classify-feedback job is written once (inngest/functions/classify-feedback.ts) and behaves
// the same on both drivers: it labels a workspace's waiting texts once (a second run makes no
// model call), and a failing model leaves them waiting — no item, never a made-up neutral.

type Driver = { name: string; run(workspaceId: string, model: LanguageModel): Promise<unknown> };

const inngestDriver: Driver = {
  name: "Inngest (@inngest/test)",
  async run(workspaceId, model) {
    const fn = createClassifyFeedbackFunction({ model, cron: false, id: testId("classify-feedback") });
    const engine = new InngestTestEngine({ function: fn, events: [{ name: feedbackWritten.name, data: { workspaceId } }] });
    const { result, error } = await engine.execute();
    expect(error).toBeUndefined();
    return result;
  },
};

function localDriver(newExecutor: ReturnType<typeof executorsForThisFile>): Driver {
  return {
    name: "local executor (Postgres)",
    async run(workspaceId, model) {
      const id = testId("classify-feedback");
      const executor = await newExecutor({ functions: [createClassifyFeedbackFunction({ model, cron: false, id })], now: testClock(Date.now()).now, work: false });
      await executor.dispatch([{ name: feedbackWritten.name, data: { workspaceId } }]);
      await executor.drain();
      const run = await db.functionRun.findFirstOrThrow({ where: { functionId: id }, orderBy: { createdAt: "asc" } });
      expect(run.status).toBe("completed");
      return run.output;
    },
  };
}

const label = (items: string[]) => JSON.stringify({ items: items.map((_, i) => ({ index: i + 1, sentiment: "positive", category: "communication", confidence: 0.9 })) });

describe.each(["inngest", "local"] as const)("classify-feedback, written once, on %s", (which) => {
  const newExecutor = executorsForThisFile();
  const driver = which === "inngest" ? inngestDriver : localDriver(newExecutor);

  it("labels the workspace's waiting texts once: the second run makes no model call", async () => {
    const { scope, agents, window } = await feedbackSetup(2);
    await recordObservation({ scope, agentId: agents[0].id, text: "A teammate merged it and thanked me." });
    await makeDecision(scope, agents[1].id, "propose_estimate", "rejected", "Spot on, but the customer cancelled.");
    const { model, calls } = scriptedClassifier(label);
    expect(await driver.run(window.workspaceId, model)).toMatchObject({ modelCalls: 1, pending: 0, classified: { positive: 2, total: 2 } });
    expect(await db.feedbackItem.count({ where: { workspaceId: window.workspaceId, sourceType: { in: ["observation", "reason"] }, classifiedBy: "model" } })).toBe(2);
    expect(await driver.run(window.workspaceId, model)).toMatchObject({ modelCalls: 0 });
    expect(calls).toHaveLength(1);
  });

  it("a failing model leaves the texts waiting, with the error: no item, never neutral/0", async () => {
    const { scope, agents, window } = await feedbackSetup(1);
    await recordObservation({ scope, agentId: agents[0].id, text: "The draft was fine." });
    const result = await driver.run(window.workspaceId, failingModel("provider down"));
    expect(result).toMatchObject({ modelCalls: 1, pending: 1, failure: { message: "provider down" } });
    expect(await db.feedbackItem.count({ where: { workspaceId: window.workspaceId } })).toBe(0);
    expect(await db.pendingFeedback.findFirstOrThrow({ where: { workspaceId: window.workspaceId } })).toMatchObject({ attempts: 1, lastError: "The classifier model failed: provider down" });
  });
});
