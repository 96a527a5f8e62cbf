import { describe, expect, it } from "vitest";
import { builtinModel } from "@/ai/providers/builtin";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { loadRunForReplay, replayContext, selfRefine } from "@/features/runtime/server";
import { runTaskAgentWake } from "@/features/runtime/server/run-task-agent-wake";
import { createTask } from "@/features/tasks/server/create-task";
import { db } from "@/server/db";
import { makeWorkspace, uid } from "../../factories";

// Every wake stores what it was given, so it can be played again with other directives (the
// replay check of a proposal). With the same directives, the replay is the run.

const gates = [{ name: "completeness", description: "Checklist, estimate and a report with risks", threshold: 0.9, weight: 1 }];
const builtin = () => ({ execute: builtinModel("task"), evaluate: builtinModel("evaluator"), refine: builtinModel("refiner") });

describe("a run's recorded inputs", () => {
  it("hold the task, state, observations and refine config it ran with, and replay to the same output with the same directives", async () => {
    const { workspace, scope } = await makeWorkspace();
    const template = await createTemplateWithImprover({ scope, name: `Replay ${uid()}`, directives: "Help people finish their tasks.", refineConfig: { gates, qualityThreshold: 0.9, maxIterations: 3, models: {} } });
    const { agent } = await createTask({ scope, title: "Migrate the billing webhooks", description: "Move the Stripe webhooks to the new endpoint. Nobody knows who owns the old one?", templateId: template.id, wakeAgent: false });
    const result = await runTaskAgentWake({ workspaceId: workspace.id, agentId: agent!.id, reason: "manual", models: builtin() });
    expect(result.status).toBe("succeeded");

    // The task changes after the run: the replay still sees the task as it was.
    await db.task.updateMany({ where: { workspaceId: workspace.id }, data: { title: "Something else entirely", description: "" } });
    const stored = await loadRunForReplay(workspace.id, result.runId!);
    expect(stored!.inputs).toMatchObject({ v: 1, task: { title: "Migrate the billing webhooks", status: "open" }, state: { wakeCounter: 0 }, refine: { maxIterations: 3 } });

    const replay = await selfRefine({ ctx: replayContext(stored!.inputs, stored!.run.version.directives), gates: stored!.inputs.refine.gates, qualityThreshold: stored!.inputs.refine.qualityThreshold, maxIterations: stored!.inputs.refine.maxIterations, models: builtin() });
    const output = "best" in replay ? replay.best.output : "output" in replay ? replay.output : null;
    const items = await db.changeItem.findMany({ where: { changeSet: { wakeRunId: result.runId! } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { tool: true, args: true } });
    expect(output!.proposals.map((p) => ({ tool: p.tool, args: p.args }))).toEqual(items);
    const report = await db.agentReport.findFirstOrThrow({ where: { wakeRunId: result.runId! } });
    expect(output!.report?.markdown).toBe(report.markdown);
  });

  it("are absent (null) for runs recorded through the API, which cannot be replayed", async () => {
    expect(await loadRunForReplay("no-such-workspace", "no-such-run")).toBeNull();
  });
});
