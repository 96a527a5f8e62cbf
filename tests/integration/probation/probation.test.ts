import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { InngestTestEngine } from "@inngest/test";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { decideChangeItems } from "@/features/decisions/server";
import { approveProposal } from "@/features/one-on-one/server";
import { getDecisionHistory } from "@/features/one-on-one/server/decision-history";
import { armOf } from "@/features/probation/assign";
import { statsOf } from "@/features/probation/effect";
import { UpdateProbationSettingsInput } from "@/features/probation/schemas";
import { checkProbations, endProbation, getTemplateProbation, updateProbationSettings } from "@/features/probation/server";
import { armStats, loadArms } from "@/features/probation/server/measure";
import { advanceRitual, beginRitual, createTemplateWithImprover } from "@/features/rituals/server";
import { getImproverOf } from "@/features/rituals/server/improvers";
import { runTaskAgentWake } from "@/features/runtime/server/run-task-agent-wake";
import { createTask } from "@/features/tasks/server/create-task";
import { createTemplateVersion } from "@/features/templates/server";
import { setTemplateHead } from "@/features/templates/server/set-template-head";
import { createRitualHourlyCheckFunction, HOURLY_CHECK_CRON } from "@/inngest/functions/ritual-hourly-check";
import { db } from "@/server/db";
import { makeWorkspace, uid } from "../../factories";
import { scriptedImprover, classifier } from "../rituals/jobs-fixture";
import { executorsForThisFile, testId } from "../jobs/harness";
import { statementsDuring } from "../../support/statements";

// Probation end to end on real PostgreSQL: a promoted version keeps a share of the instances on
// the previous one (stable per agent, recorded on each run), the arms are measured from what people
// did, harm ends it at once (members told, the next ritual proposes the rollback), a passed window
// graduates it; people can end it early. The hourly check drives it, on both job drivers.

const V1 = "Help people finish their tasks.";
const HARMFUL = `${V1}\n- Pad every checklist with review steps.`;
const STEPS = ["Reproduce the issue", "Check the logs", "Write the fix", "Review the fix", "Deploy", "Tell the customer", "Review again", "Review once more"];
const DAY = 86_400_000;

/** Proposes a 3-item checklist, or 8 items when the directives say to pad it. */
function agentModel() {
  return new MockLanguageModelV3({
    doGenerate: async (options: LanguageModelV3CallOptions) => {
      const usage = { inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 20, text: 20, reasoning: 0 } };
      if (options.prompt.at(-1)?.role === "tool") return { content: [{ type: "text", text: "Done." }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
      const system = JSON.stringify(options.prompt.find((m) => m.role === "system")?.content ?? "");
      const items = system.includes("Pad every checklist") ? STEPS : STEPS.slice(0, 3);
      return { content: [{ type: "tool-call", toolCallId: "c1", toolName: "propose_checklist_items", input: JSON.stringify({ items }) }], finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage, warnings: [] };
    },
  });
}

async function fixture({ share = 0.5, minRuns = 5, minDays = 7 } = {}) {
  const { workspace, scope, members } = await makeWorkspace({ roles: ["member"] });
  const template = await createTemplateWithImprover({ scope, name: `Probation ${uid()}`, directives: V1, refineConfig: { gates: [], qualityThreshold: 0.9, maxIterations: 1, models: {} } });
  await db.agentTemplate.update({ where: { id: template.id }, data: { probationShare: share, probationMinRuns: minRuns, probationDays: minDays } });
  const model = agentModel();
  const models = { execute: model, evaluate: model, refine: model };
  return { workspace, scope, template, models, member: members.member! };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

/** `n` tasks, one agent each, woken once; people reject long checklists and confirm short ones. */
async function work(f: Fixture, n: number) {
  const runs = [];
  for (let i = 0; i < n; i++) {
    const { agent } = await createTask({ scope: f.scope, title: `Ticket ${i + 1}: exports time out`, description: "Exports time out for large accounts.", templateId: f.template.id, wakeAgent: false });
    const result = await runTaskAgentWake({ workspaceId: f.workspace.id, agentId: agent!.id, reason: "manual", models: f.models });
    const run = await db.wakeRun.findUniqueOrThrow({ where: { id: result.runId! }, select: { id: true, agentId: true, arm: true, probationId: true, templateVersionId: true, inputs: true } });
    const items = await db.changeItem.findMany({ where: { changeSet: { wakeRunId: run.id } } });
    for (const item of items) {
      const long = ((item.args as { items: string[] }).items ?? []).length > 4;
      await decideChangeItems({ scope: f.scope, itemIds: [item.id], verdict: long ? "rejected" : "confirmed", reason: long ? "Eight steps for this is far too many." : undefined });
    }
    await db.wakeRun.update({ where: { id: run.id }, data: { userRating: items.some((i) => ((i.args as { items: string[] }).items ?? []).length > 4) ? 0.3 : 0.8 } });
    runs.push(run);
  }
  return runs;
}


/** Tests that run a few dozen wakes and decisions: 8–22 s alone, past 30 s on a loaded 2-core machine (CI's limit for a test). */
const SIMULATED_WEEKS = 120_000;
describe("a version on probation", () => {
  it("keeps a stable share of instances on the previous version and records each run's arm", async () => {
    const f = await fixture({ share: 0.5 });
    const v1 = await db.templateVersion.findFirstOrThrow({ where: { templateId: f.template.id, number: 1 } });
    const v2 = await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: HARMFUL, authoredBy: "user" });
    const probation = await db.probation.findFirstOrThrow({ where: { templateId: f.template.id } });
    expect(probation).toMatchObject({ status: "running", versionId: v2.id, baselineVersionId: v1.id, share: 0.5, minRuns: 5, minDays: 7 });

    const runs = await work(f, 12);
    for (const run of runs) {
      const arm = armOf(probation.id, run.agentId, 0.5);
      expect(run).toMatchObject({ probationId: probation.id, arm, templateVersionId: arm === "baseline" ? v1.id : v2.id });
    }
    expect(new Set(runs.map((r) => r.arm))).toEqual(new Set(["baseline", "candidate"]));
    // The same agent woken again stays in its arm.
    const again = await runTaskAgentWake({ workspaceId: f.workspace.id, agentId: runs[0]!.agentId, reason: "manual", models: f.models });
    expect(await db.wakeRun.findUniqueOrThrow({ where: { id: again.runId! } })).toMatchObject({ arm: runs[0]!.arm, templateVersionId: runs[0]!.templateVersionId });
  }, SIMULATED_WEEKS);

  it("detects harm, tells the members with a link, and the next ritual proposes the rollback; approving it ends the probation rolled back", async () => {
    const f = await fixture({ share: 0.5 });
    await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: HARMFUL, authoredBy: "user" });
    // 60 agents: both arms get the sequential test's minimum of decisions whatever the hash deals.
    await work(f, 60);
    const probation = await db.probation.findFirstOrThrow({ where: { templateId: f.template.id } });

    await checkProbations(new Date());
    const detected = await db.probation.findUniqueOrThrow({ where: { id: probation.id } });
    expect(detected).toMatchObject({ status: "harm_detected", outcomeNote: expect.stringMatching(/^Worse than the previous version: acceptance −100 points \(95% CI −100 to −100\)/) });
    const effects = detected.effects as { metrics: { metric: string; candidate: number; baseline: number }[] };
    expect(effects.metrics.find((m) => m.metric === "acceptance")).toMatchObject({ candidate: 0, baseline: 1 });
    const notices = await db.notification.findMany({ where: { workspaceId: f.workspace.id, kind: "probation_harm" } });
    expect(notices).toHaveLength(2); // owner and member
    expect(notices[0]).toMatchObject({ title: expect.stringMatching(/: v2 looks worse than v1$/), link: `/w/${f.workspace.slug}/templates/${f.template.id}` });
    expect(await db.emailMessage.count({ where: { subject: { contains: "looks worse than the version before" }, to: { in: [(await db.user.findUniqueOrThrow({ where: { id: f.member.id } })).email!] } } })).toBe(1);
    // The improver reads what its version did.
    const history = await getDecisionHistory({ workspaceId: f.workspace.id, templateId: f.template.id, since: new Date(Date.now() - 86_400_000), now: new Date(Date.now() + 1_000) });
    expect(history.probations).toEqual([{ version: 2, baseline: 1, status: "harm_detected", line: expect.stringMatching(/^found worse than the version before: acceptance −100 points \(95% CI −100 to −100\), \d+ vs \d+ decisions; mean rating −0\.50/) }]);
    // A second check changes nothing and tells nobody again.
    await checkProbations(new Date());
    expect(await db.notification.count({ where: { workspaceId: f.workspace.id, kind: "probation_harm" } })).toBe(2);

    // The next ritual proposes the rollback instead of asking the improver.
    const improver = await getImproverOf(f.workspace.id, f.template.id);
    const begun = await beginRitual({ workspaceId: f.workspace.id, improverAgentId: improver!.id, now: new Date() });
    const model = scriptedImprover();
    await advanceRitual(begun.sessionId!, { improver: model, classifier, notify: async () => undefined });
    const proposal = await db.proposal.findFirstOrThrow({ where: { sessionId: begun.sessionId! } });
    expect(proposal).toMatchObject({ status: "pending", directives: V1, rationale: expect.stringMatching(/^Roll back v2 to the directives of v1\. Worse than the previous version: acceptance −100 points/) });
    expect(await db.probation.findUniqueOrThrow({ where: { id: probation.id } })).toMatchObject({ rollbackProposalId: proposal.id });

    const approved = await approveProposal({ scope: f.scope, proposalId: proposal.id, rating: 0.9, finish: true });
    expect(approved.version.number).toBe(3);
    expect(await db.probation.findUniqueOrThrow({ where: { id: probation.id } })).toMatchObject({ status: "rolled_back", outcomeNote: "Rolled back to the directives of v1 after harm was found." });
    // A restore is not an experiment: no probation for v3, every instance runs it.
    expect(await db.probation.count({ where: { templateId: f.template.id } })).toBe(1);
  }, SIMULATED_WEEKS);

  it("sums the arms in SQL exactly as from the runs themselves (the path used at scale), decisions counted as the items say", async () => {
    const f = await fixture({ share: 0.5 });
    await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: HARMFUL, authoredBy: "user" });
    const runs = await work(f, 20);
    // Half the tasks done, an hour apart.
    for (const [i, run] of runs.entries()) {
      if (i % 2) continue;
      const agent = await db.agent.findUniqueOrThrow({ where: { id: run.agentId }, select: { taskId: true } });
      const task = await db.task.findUniqueOrThrow({ where: { id: agent.taskId! } });
      await db.task.update({ where: { id: task.id }, data: { status: "done", completedAt: new Date(task.createdAt.getTime() + (i + 1) * 3_600_000) } });
    }
    // A decision changed afterwards moves the run's counts (kept by a trigger on the items).
    const changed = await db.changeItem.findFirstOrThrow({ where: { changeSet: { wakeRunId: runs[0]!.id } } });
    await db.changeItem.update({ where: { id: changed.id }, data: { status: changed.status === "confirmed" ? "rejected" : "confirmed" } });
    const probation = await db.probation.findFirstOrThrow({ where: { templateId: f.template.id } });
    const [sql, samples] = await Promise.all([armStats(f.workspace.id, probation.id), loadArms(f.workspace.id, probation.id)]);
    // What the items themselves say, per arm.
    const items = await db.changeItem.findMany({ where: { changeSet: { run: { probationId: probation.id } } }, select: { status: true, changeSet: { select: { run: { select: { arm: true } } } } } });
    for (const arm of ["candidate", "baseline"] as const) {
      const mine = items.filter((i) => i.changeSet.run!.arm === arm);
      expect(sql[arm].acceptance.c).toBe(mine.filter((i) => i.status === "confirmed").length);
      expect(sql[arm].acceptance.d).toBe(mine.filter((i) => i.status === "confirmed" || i.status === "rejected").length);
    }
    for (const arm of ["candidate", "baseline"] as const) {
      const js = statsOf(samples[arm]);
      expect(sql[arm].runs).toBe(js.runs);
      expect(sql[arm].acceptance).toEqual(js.acceptance);
      for (const m of ["rating", "quality", "tokens", "timeToDone"] as const) {
        expect(sql[arm][m].n).toBe(js[m].n);
        expect(sql[arm][m].sum).toBeCloseTo(js[m].sum, 3);
        // Relative: time to done squares milliseconds.
        expect(Math.abs(sql[arm][m].sumSq - js[m].sumSq)).toBeLessThanOrEqual(1e-9 * Math.max(1, js[m].sumSq));
      }
    }
    expect(samples.candidate.resolveMs.length + samples.baseline.resolveMs.length).toBe(10);
  }, SIMULATED_WEEKS);

  it("graduates a harmless version once the days and the runs per arm are there", async () => {
    const f = await fixture({ share: 0.5, minRuns: 4, minDays: 7 });
    const v2 = await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: `${V1}\n- Be brief.`, authoredBy: "user" });
    await work(f, 16);
    const probation = await db.probation.findFirstOrThrow({ where: { templateId: f.template.id } });
    await checkProbations(new Date(probation.startedAt.getTime() + 3 * DAY));
    expect(await db.probation.findUniqueOrThrow({ where: { id: probation.id } })).toMatchObject({ status: "running", measuredAt: expect.any(Date) });

    await checkProbations(new Date(probation.startedAt.getTime() + 7 * DAY));
    expect(await db.probation.findUniqueOrThrow({ where: { id: probation.id } })).toMatchObject({ status: "graduated", endedAt: expect.any(Date), outcomeNote: expect.stringMatching(/^No harm found in 7 days: acceptance ±0 points/) });
    expect(await db.notification.count({ where: { workspaceId: f.workspace.id, kind: "probation_outcome" } })).toBe(2);
    // Every instance now runs v2.
    const [run] = await work(f, 1);
    expect(run).toMatchObject({ probationId: null, arm: null, templateVersionId: v2.id });
  }, SIMULATED_WEEKS);

  it("can be ended early by people: promote, or roll back to the previous version", async () => {
    const f = await fixture();
    const v1 = await db.templateVersion.findFirstOrThrow({ where: { templateId: f.template.id, number: 1 } });
    await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: HARMFUL, authoredBy: "user" });
    const first = await db.probation.findFirstOrThrow({ where: { templateId: f.template.id } });
    const stranger = await makeWorkspace();
    await expect(endProbation({ scope: stranger.scope, probationId: first.id, action: "promote" })).rejects.toMatchObject({ status: 404 });
    expect(await endProbation({ scope: f.scope, probationId: first.id, action: "promote" })).toEqual({ status: "promoted", version: 2 });
    await expect(endProbation({ scope: f.scope, probationId: first.id, action: "rollback" })).rejects.toMatchObject({ status: 409 });

    const v3 = await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: `${HARMFUL}\n- Be brief.`, authoredBy: "user" });
    const second = await db.probation.findFirstOrThrow({ where: { versionId: v3.id } });
    expect(await endProbation({ scope: f.scope, probationId: second.id, action: "rollback" })).toEqual({ status: "rolled_back", version: 2 });
    expect(await db.agentTemplate.findUniqueOrThrow({ where: { id: f.template.id } })).toMatchObject({ headVersionId: second.baselineVersionId });

    // A new version while one is on probation supersedes it; moving the head by hand ends it too.
    const v4 = await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: `${V1}\n- Number the steps.`, authoredBy: "user" });
    const v5 = await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: `${V1}\n- Number the steps.\n- Be brief.`, authoredBy: "user" });
    expect(await db.probation.findFirstOrThrow({ where: { versionId: v4.id } })).toMatchObject({ status: "superseded" });
    await setTemplateHead({ scope: f.scope, templateId: f.template.id, versionId: v1.id });
    expect(await db.probation.findFirstOrThrow({ where: { versionId: v5.id } })).toMatchObject({ status: "superseded", endedAt: expect.any(Date) });
  });
});

describe("a template's probation settings", () => {
  it("apply to the next promoted version; 0 turns probation off; bad values and other workspaces are refused", async () => {
    const f = await fixture();
    expect(UpdateProbationSettingsInput.safeParse({ templateId: f.template.id, share: 0.7, days: 7, minRuns: 30 }).error?.issues[0]?.message).toBe("Keep at most half of the instances on the previous version (0.5).");
    expect(UpdateProbationSettingsInput.safeParse({ templateId: f.template.id, share: 0.2, days: 7, minRuns: 2 }).error?.issues[0]?.message).toBe("At least 5 runs per arm: fewer tell nothing.");
    const stranger = await makeWorkspace();
    await expect(updateProbationSettings({ scope: stranger.scope, templateId: f.template.id, share: 0.3, days: 3, minRuns: 10 })).rejects.toMatchObject({ status: 404 });

    await updateProbationSettings({ scope: f.scope, templateId: f.template.id, share: 0.3, days: 3, minRuns: 12 });
    const v2 = await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: HARMFUL, authoredBy: "user" });
    expect(await db.probation.findFirstOrThrow({ where: { versionId: v2.id } })).toMatchObject({ share: 0.3, minDays: 3, minRuns: 12 });

    await updateProbationSettings({ scope: f.scope, templateId: f.template.id, share: 0, days: 3, minRuns: 12 });
    const v3 = await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: `${HARMFUL}\n- Be brief.`, authoredBy: "user" });
    expect(await db.probation.count({ where: { versionId: v3.id } })).toBe(0);
    // The one that was running ended: a new version replaced it.
    expect(await db.probation.findFirstOrThrow({ where: { versionId: v2.id } })).toMatchObject({ status: "superseded" });
  });
});

describe.each(["inngest", "local"] as const)("the hourly check measures probations, on %s", (which) => {
  const newExecutor = executorsForThisFile();

  it("ends a harmful version's probation harm_detected", async () => {
    const f = await fixture({ share: 0.5 });
    await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: HARMFUL, authoredBy: "user" });
    // 60 agents: both arms get the sequential test's minimum of decisions whatever the hash deals.
    await work(f, 60);
    const now = new Date();
    if (which === "inngest") {
      const engine = new InngestTestEngine({ function: createRitualHourlyCheckFunction({ now: () => now, createImprovers: false }), events: [{ name: "inngest/scheduled.timer", data: { cron: HOURLY_CHECK_CRON } }] });
      const { error } = await engine.execute({ steps: [{ id: "fan-out", handler: () => ({ ids: [] }) }] });
      expect(error).toBeUndefined();
    } else {
      const id = testId("hourly");
      const executor = await newExecutor({ functions: [createRitualHourlyCheckFunction({ now: () => now, createImprovers: false, id })], now: () => now, work: false });
      await executor.fireCron(id);
      await executor.drain();
      expect(await db.functionRun.findFirstOrThrow({ where: { functionId: id } })).toMatchObject({ status: "completed" });
    }
    expect(await db.probation.findFirstOrThrow({ where: { templateId: f.template.id } })).toMatchObject({ status: "harm_detected" });
  }, SIMULATED_WEEKS);

  it("the template page reads its probation in one statement: running, then ended by a person, then gone after 30 days", async () => {
    const f = await fixture();
    const owner = await db.user.findUniqueOrThrow({ where: { id: f.scope.actorUserId! } });
    const before = await statementsDuring(() => getTemplateProbation(f.workspace.id, f.template.id));
    expect(before).toEqual({ result: null, statements: [expect.any(String)] });

    await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: HARMFUL, authoredBy: "user" });
    const running = await statementsDuring(() => getTemplateProbation(f.workspace.id, f.template.id));
    expect(running.statements).toHaveLength(1);
    expect(running.result).toMatchObject({ status: "running", version: 2, baseline: 1, share: 0.5, minDays: 7, minRuns: 5, endedAt: null, endedBy: null, effects: null, startedAt: expect.any(Date) });
    expect(await getTemplateProbation((await makeWorkspace()).workspace.id, f.template.id)).toBeNull(); // another workspace

    await endProbation({ scope: f.scope, probationId: running.result!.id, action: "promote" });
    const ended = await getTemplateProbation(f.workspace.id, f.template.id);
    expect(ended).toMatchObject({ status: "promoted", version: 2, endedBy: owner.name ?? owner.email, endedAt: expect.any(Date) });
    expect(await getTemplateProbation(f.workspace.id, f.template.id, new Date(ended!.endedAt!.getTime() + 31 * DAY))).toBeNull();
  });
});
