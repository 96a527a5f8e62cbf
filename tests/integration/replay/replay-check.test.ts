import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { builtinModel } from "@/ai/providers/builtin";
import { describe, expect, it } from "vitest";
import { approveProposal, recordProposal, startSession } from "@/features/one-on-one/server";
import { decideChangeItems } from "@/features/decisions/server";
import { getDecisionHistory } from "@/features/one-on-one/server/decision-history";
import { createTemplateWithImprover } from "@/features/rituals/server";
import { describeSummary } from "@/features/replay/score";
import { getReplayChecks, runReplayCheck } from "@/features/replay/server";
import { runTaskAgentWake } from "@/features/runtime/server/run-task-agent-wake";
import { createTask } from "@/features/tasks/server/create-task";
import { db } from "@/server/db";
import { makeWorkspace, uid } from "../../factories";

// The replay check on a fixture whose decisions are known: three runs of last week, replayed with
// a candidate that keeps checklists short. The agent model reads its directives, as a real one would;
// the built-in evaluator judges whether a changed proposal addresses the reason it was rejected for.

const HEAD = "Help people finish their tasks.";
const CANDIDATE = `${HEAD}\n- Keep checklists to at most 3 items.`;
const CANDIDATE_WITHOUT_STATUS = `${CANDIDATE}\n- Never propose a status change.`;
const LONG = ["Reproduce the issue", "Check the logs", "Write the fix", "Review the fix", "Deploy", "Tell the customer"];

/** Proposes a checklist (6 items, or 3 when the directives say so), a 60-minute estimate and "in progress". */
function directiveReadingAgent() {
  return new MockLanguageModelV3({
    doGenerate: async (options: LanguageModelV3CallOptions) => {
      if (options.prompt.at(-1)?.role === "tool") return { content: [{ type: "text", text: "Done." }], finishReason: { unified: "stop", raw: "stop" }, usage: usage(10), warnings: [] };
      const system = options.prompt.find((m) => m.role === "system")?.content ?? "";
      const items = /at most 3 items/.test(system) ? LONG.slice(0, 3) : LONG;
      const calls = [
        { toolName: "propose_checklist_items", input: { items } },
        { toolName: "propose_estimate", input: { minutes: 60 } },
        ...(/Never propose a status change/.test(system) ? [] : [{ toolName: "propose_status", input: { status: "in_progress" } }]),
      ];
      return { content: calls.map((c, i) => ({ type: "tool-call" as const, toolCallId: `c${i}`, toolName: c.toolName, input: JSON.stringify(c.input) })), finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage: usage(items.length * 10), warnings: [] };
    },
  });
}
const usage = (output: number) => ({ inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: output, text: output, reasoning: 0 } });

async function fixture() {
  const { workspace, scope } = await makeWorkspace();
  const template = await createTemplateWithImprover({ scope, name: `Replay ${uid()}`, directives: HEAD, refineConfig: { gates: [], qualityThreshold: 0.9, maxIterations: 1, models: {} } });
  const agentModel = directiveReadingAgent();
  const models = { execute: agentModel, evaluate: builtinModel("evaluator"), refine: agentModel };
  // Three runs; what people did: run 1 rejects the checklist and confirms the estimate, run 2
  // rejects the checklist and confirms the status, run 3 confirms the checklist.
  const verdicts: Record<string, "confirmed" | "rejected">[] = [
    { propose_checklist_items: "rejected", propose_estimate: "confirmed" },
    { propose_checklist_items: "rejected", propose_status: "confirmed" },
    { propose_checklist_items: "confirmed" },
  ];
  for (const [n, decide] of verdicts.entries()) {
    const { agent } = await createTask({ scope, title: `Ticket ${n + 1}: the export fails`, description: "Exports time out for large accounts.", templateId: template.id, wakeAgent: false });
    const result = await runTaskAgentWake({ workspaceId: workspace.id, agentId: agent!.id, reason: "manual", models });
    const items = await db.changeItem.findMany({ where: { changeSet: { wakeRunId: result.runId! } } });
    for (const item of items) {
      const verdict = decide[item.tool];
      if (verdict) await decideChangeItems({ scope, itemIds: [item.id], verdict, reason: verdict === "rejected" ? "Six steps for this is far too many." : undefined });
    }
  }
  const { session } = await startSession({ scope, templateId: template.id });
  return { workspace, scope, template, session, models };
}

describe("the replay check of a proposal", () => {
  it("counts rejections avoided and acceptances kept exactly, with intervals, tokens and per-run details", async () => {
    const f = await fixture();
    const { proposalId } = await recordProposal({ workspaceId: f.workspace.id, sessionId: f.session.id, input: { directives: CANDIDATE, rationale: "Shorter checklists.", confidence: 0.9 } });
    expect(await db.replayCheck.findUniqueOrThrow({ where: { proposalId } })).toMatchObject({ status: "queued" });

    const result = await runReplayCheck({ workspaceId: f.workspace.id, proposalId, models: f.models });
    expect(result.status).toBe("done");
    const check = (await getReplayChecks(f.workspace.id, [proposalId])).get(proposalId)!;
    expect(check).toMatchObject({ status: "done", sampled: 3, replayed: 3 });
    // Both rejected 6-item checklists come back with 3 items, which the evaluator judges to
    // address "far too many": avoided. Of three acceptances, the estimate and the status are kept,
    // and the accepted 6-item checklist is altered (3 of its items): nobody decided on that one
    // yet, so it is neither kept nor lost.
    expect(check.summary).toMatchObject({ runs: 3, rejections: 2, avoided: { value: 2 }, changed: 2, addressed: 2, acceptances: 3, lost: 0, altered: 1, newProposals: 3 });
    expect(check.summary!.keptRate.value).toBe(1);
    expect(check.summary!.keptRate.low).toBeLessThanOrEqual(check.summary!.keptRate.value);
    expect(check.summary!.keptRate.high).toBeGreaterThanOrEqual(check.summary!.keptRate.value);
    // Three fewer items × 10 output tokens per run on the candidate's side.
    expect(check.summary!.tokens).toMatchObject({ head: 3 * (100 + 60 + 100 + 10), candidate: 3 * (100 + 30 + 100 + 10) });
    // The cost shown: both replays and the evaluator's two judgements.
    expect(check.tokens).toBeGreaterThan(3 * (270 + 240));
    expect(check.runs.flatMap((r) => r.items.map((i) => `${i.tool}:${i.verdict}:${i.candidate}`)).sort()).toEqual(
      ["propose_checklist_items:confirmed:altered", "propose_checklist_items:rejected:altered", "propose_checklist_items:rejected:altered", "propose_estimate:confirmed:same", "propose_status:confirmed:same"].sort(),
    );
    expect(check.runs.flatMap((r) => r.items.flatMap((i) => (i.judged ? [i.judged] : [])))).toEqual([
      { addresses: true, why: "The new proposal changes what the reason asked for: the checklist's length." },
      { addresses: true, why: "The new proposal changes what the reason asked for: the checklist's length." },
    ]);
  });

  it("counts a rejected proposal made differently as avoided only when the evaluator judges that it addresses the reason", async () => {
    const f = await fixture();
    const judgements: string[] = [];
    const unconvinced = new MockLanguageModelV3({
      doGenerate: async (options: LanguageModelV3CallOptions) => {
        judgements.push(JSON.stringify(options.prompt));
        return { content: [{ type: "text", text: JSON.stringify({ addresses: false, why: "Three steps still miss the point." }) }], finishReason: { unified: "stop", raw: "stop" }, usage: usage(12), warnings: [] };
      },
    });
    const { proposalId } = await recordProposal({ workspaceId: f.workspace.id, sessionId: f.session.id, input: { directives: CANDIDATE, rationale: "Shorter checklists.", confidence: 0.9 } });
    await runReplayCheck({ workspaceId: f.workspace.id, proposalId, models: { ...f.models, evaluate: unconvinced } });
    const check = (await getReplayChecks(f.workspace.id, [proposalId])).get(proposalId)!;
    expect(check.summary).toMatchObject({ rejections: 2, avoided: { value: 0 }, changed: 2, addressed: 0 });
    expect(check.tokens).toBe(3 * (270 + 240) + 2 * (100 + 12));
    // The evaluator was shown the person's reason with both proposals.
    expect(judgements).toHaveLength(2);
    expect(judgements[0]).toContain("Six steps for this is far too many.");
    expect(describeSummary(check.summary!)).toMatch(/^0 rejections avoided \(of 2; 0 of 2 made differently address their reasons\)/);
  });

  it("in guard mode blocks approval when acceptances would be lost, until someone overrides it with a reason", async () => {
    const f = await fixture();
    await db.workspace.update({ where: { id: f.workspace.id }, data: { replayGuard: "guard" } });
    // This candidate also stops proposing status changes: the accepted status change is lost.
    const { proposalId } = await recordProposal({ workspaceId: f.workspace.id, sessionId: f.session.id, input: { directives: CANDIDATE_WITHOUT_STATUS, rationale: "Shorter checklists, no status changes.", confidence: 0.9 } });
    await expect(approveProposal({ scope: f.scope, proposalId, rating: 0.8, finish: true })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/still running/) });
    await runReplayCheck({ workspaceId: f.workspace.id, proposalId, models: f.models });
    await expect(approveProposal({ scope: f.scope, proposalId, rating: 0.8, finish: true })).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/keeps 50% of what people accepted/) });
    expect(await db.templateVersion.count({ where: { templateId: f.template.id } })).toBe(1);

    const approved = await approveProposal({ scope: f.scope, proposalId, rating: 0.8, finish: true, overrideReason: "The lost checklist was a one-off." });
    expect(approved.version.number).toBe(2);
    expect(await db.proposal.findUniqueOrThrow({ where: { id: proposalId } })).toMatchObject({ status: "approved", replayOverrideReason: "The lost checklist was a one-off." });
    // The improver reads how its last proposal's check went, next time.
    const history = await getDecisionHistory({ workspaceId: f.workspace.id, templateId: f.template.id, since: new Date(Date.now() - 86_400_000), now: new Date(Date.now() + 1_000) });
    expect(history.lastReplay).toEqual({ decision: "approved", version: 2, line: expect.stringMatching(/^\+2 rejections avoided \(of 2; 2 of 2 made differently address their reasons\), −1 acceptance lost \(of 3\), 1 accepted change altered.* · 3 runs replayed$/) });
  });
});
