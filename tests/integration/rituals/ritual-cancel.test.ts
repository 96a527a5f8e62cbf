import { describe, expect, it } from "vitest";
import { ritualWakeRequested } from "@/inngest/events";
import { createImproverRitualFunction } from "@/inngest/functions/improver-ritual";
import { deliverOutbox } from "@/inngest/outbox";
import { stageAgentDeleted, stageTemplateDeleted } from "@/inngest/send";
import { db, type Tx } from "@/server/db";
import { uid } from "../../factories";
import { executorsForThisFile, testClock, testId } from "../jobs/harness";
import { classifier, ritualFixture, scriptedImprover } from "./jobs-fixture";

// The ritual's cancelOn on the local executor: a ritual waiting for a person's decision ends
// `cancelled` when its improver (agent/deleted) or its template (template/deleted) is deleted —
// the events staged by the deleting transaction and delivered through the outbox — and only then.

describe("a ritual whose improver or template is deleted is cancelled", () => {
  const newExecutor = executorsForThisFile();

  async function waitingRitual() {
    const f = await ritualFixture();
    const clock = testClock(Date.now());
    const id = testId("improver-ritual");
    const fn = createImproverRitualFunction({ models: { improver: scriptedImprover(), classifier }, notify: async () => undefined, now: clock.now, id });
    const executor = await newExecutor({ functions: [fn], now: clock.now, work: false });
    await executor.dispatch([{ name: ritualWakeRequested.name, data: { workspaceId: f.workspace.id, improverAgentId: f.improver.id, reason: "manual", templateId: f.template.id } }]);
    await executor.drain();
    const run = () => db.functionRun.findFirstOrThrow({ where: { functionId: id } });
    expect(await run()).toMatchObject({ status: "waiting" });
    return { f, executor, run };
  }

  /** What a deleting service does: stage in its transaction, deliver after the commit. */
  async function deliver(stage: (t: Tx) => Promise<string>) {
    const id = await db.$transaction(stage);
    await deliverOutbox({ ids: [id] });
  }

  it("by agent/deleted of its improver; another agent's deletion leaves it waiting", async () => {
    const { f, executor, run } = await waitingRitual();
    await deliver((t) => stageAgentDeleted(t, { workspaceId: f.workspace.id, agentId: `other-${uid()}` }));
    expect(await run()).toMatchObject({ status: "waiting" });
    await deliver((t) => stageAgentDeleted(t, { workspaceId: f.workspace.id, agentId: f.improver.id }));
    expect(await run()).toMatchObject({ status: "cancelled", finishedAt: expect.any(Date), waitEvent: null, error: expect.stringContaining("agent/deleted") });
    // Nothing runs any more: a due wake-up of the cancelled run finds nothing to do.
    expect(await executor.drain()).toBe(0);
  });

  it("by template/deleted of the template it improves", async () => {
    const { f, run } = await waitingRitual();
    await deliver((t) => stageTemplateDeleted(t, { workspaceId: f.workspace.id, templateId: `other-${uid()}` }));
    expect(await run()).toMatchObject({ status: "waiting" });
    await deliver((t) => stageTemplateDeleted(t, { workspaceId: f.workspace.id, templateId: f.template.id }));
    expect(await run()).toMatchObject({ status: "cancelled" });
  });
});
