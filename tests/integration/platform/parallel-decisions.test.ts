import { describe, expect, it } from "vitest";
import { approveProposalAction } from "@/features/one-on-one/actions/approve-proposal";
import { rejectProposalAction } from "@/features/one-on-one/actions/reject-proposal";
import { revertClauseAction } from "@/features/one-on-one/actions/revert-clause";
import { recordProposal, startSession } from "@/features/one-on-one/server";
import { settlePreferenceConflictAction } from "@/features/one-on-one/actions/settle-preference-conflict";
import { endProbationAction } from "@/features/probation/actions/end-probation";
import { setTemplateHeadAction } from "@/features/templates/actions/set-template-head";
import { createTemplateVersion } from "@/features/templates/server";
import { env } from "@/env";
import type { ActionResult } from "@/server/action-client";
import { db } from "@/server/db";
import { makePreferenceConflictRow, makeTemplate, makeWorkspace, uid } from "../../factories";
import { asUser } from "../../support/session";

// Bursts of decisions on one thing, through the real actions, on the real database with the
// production pool (DATABASE_POOL_MAX, 10): exactly one wins, every other one is a clear 409 — never
// a 500, never a transaction that outlived its timeout (those surface as 500s). The burst is larger
// than the pool, so a transaction that needs a second connection (a read through the global client
// inside it) or losers that park their connections on the winner's row lock starve the pool again.
// Approve, approve ∥ reject, promote, end a probation (promote ∥ roll back), settle a preference
// conflict; reverting one line is idempotent instead (every caller gets the one proposal).
// PARALLEL_ROUNDS repeats each burst (default 5); bench/parallel-decisions.ts runs 20 × 20 and
// times each call (docs/ARCHITECTURE.md, "Transactions").

const ROUNDS = Number(process.env.PARALLEL_ROUNDS ?? 5);
const BURST = 20;

async function team() {
  const f = await makeWorkspace({ roles: ["member", "admin"] });
  const template = await makeTemplate(f.scope, { name: `Burst ${uid()}`, directives: "You triage support tickets.\n- Classify the product area." });
  const people = [f.members.member!, f.members.admin!, f.owner];
  return { ...f, template, people };
}

/** A fresh session with one pending proposal that adds a line to the head. */
async function pendingProposal(f: Awaited<ReturnType<typeof team>>, round: number) {
  const { session } = await startSession({ scope: f.scope, templateId: f.template.id });
  const head = await db.agentTemplate.findUniqueOrThrow({ where: { id: f.template.id }, select: { head: { select: { directives: true } } } });
  const { proposalId } = await recordProposal({
    workspaceId: f.workspace.id,
    sessionId: session.id,
    input: { directives: `${head.head!.directives}\n- Round ${round}: link duplicate tickets ${uid()}.`, rationale: "Duplicates piled up.", confidence: 0.9 },
  });
  return { sessionId: session.id, proposalId };
}

const counts = async (templateId: string, sessionId: string) => ({
  versions: await db.templateVersion.count({ where: { templateId } }),
  notes: await db.evolutionNote.count({ where: { sessionId, kind: "decision" } }),
});

/** Every result: exactly one ok, the rest 409 with a message (what a person reads). */
function expectOneWinner(results: ActionResult<unknown>[]) {
  const statuses = results.map((r) => (r.ok ? 200 : r.error.status));
  expect(statuses.filter((s) => s === 200), `statuses: ${statuses.join(",")}`).toHaveLength(1);
  expect(statuses.filter((s) => s === 409), `statuses: ${statuses.join(",")}`).toHaveLength(results.length - 1);
  for (const r of results) if (!r.ok) expect(r.error.message).toMatch(/already|right now|changed/);
  return results.findIndex((r) => r.ok);
}

describe(`parallel decisions (${BURST} at once, pool of ${env.DATABASE_POOL_MAX}, ${ROUNDS} rounds)`, () => {
  it("approving one proposal: one version and one decision note, 19 × 409", async () => {
    const f = await team();
    for (let round = 0; round < ROUNDS; round++) {
      const { sessionId, proposalId } = await pendingProposal(f, round);
      const before = await counts(f.template.id, sessionId);
      const results = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          asUser(f.people[i % f.people.length]!, () => approveProposalAction({ workspaceSlug: f.workspace.slug, proposalId, rating: 0.8, finish: true })),
        ),
      );
      expectOneWinner(results);
      expect(await counts(f.template.id, sessionId)).toEqual({ versions: before.versions + 1, notes: before.notes + 1 });
      expect(await db.proposal.findUniqueOrThrow({ where: { id: proposalId }, select: { status: true } })).toEqual({ status: "approved" });
    }
  }, 60_000 + ROUNDS * 10_000);

  it("approving and rejecting one proposal at once: one decision, the other 19 × 409", async () => {
    const f = await team();
    for (let round = 0; round < ROUNDS; round++) {
      const { sessionId, proposalId } = await pendingProposal(f, round);
      const before = await counts(f.template.id, sessionId);
      const results = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          asUser(f.people[i % f.people.length]!, (): Promise<ActionResult<unknown>> =>
            i % 2 === 0
              ? approveProposalAction({ workspaceSlug: f.workspace.slug, proposalId, rating: 0.8, finish: true })
              : rejectProposalAction({ workspaceSlug: f.workspace.slug, proposalId, reason: "Not what we asked for." }),
          ),
        ),
      );
      const winner = expectOneWinner(results);
      const approved = winner % 2 === 0;
      expect(await counts(f.template.id, sessionId)).toEqual({ versions: before.versions + (approved ? 1 : 0), notes: before.notes + 1 });
      expect(await db.proposal.findUniqueOrThrow({ where: { id: proposalId }, select: { status: true } })).toEqual({ status: approved ? "approved" : "rejected" });
      if (!approved) await db.evolutionSession.update({ where: { id: sessionId }, data: { status: "abandoned" } });
    }
  }, 60_000 + ROUNDS * 10_000);

  it("promoting one version: the head moves once, 19 × 409", async () => {
    const f = await team();
    const admins = [f.members.admin!, f.owner];
    const v1 = await db.templateVersion.findFirstOrThrow({ where: { templateId: f.template.id, number: 1 } });
    for (let round = 0; round < ROUNDS; round++) {
      // A newer version, then back to v1 (a rollback), then everyone promotes the newer one again.
      const target = await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: `Round ${round} ${uid()}`, authoredBy: "user" });
      const back = await asUser(f.owner, () => setTemplateHeadAction({ workspaceSlug: f.workspace.slug, templateId: f.template.id, versionId: v1.id }));
      expect(back.ok).toBe(true);
      const results = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          asUser(admins[i % admins.length]!, () => setTemplateHeadAction({ workspaceSlug: f.workspace.slug, templateId: f.template.id, versionId: target.id })),
        ),
      );
      expectOneWinner(results);
      expect(await db.agentTemplate.findUniqueOrThrow({ where: { id: f.template.id }, select: { headVersionId: true } })).toEqual({ headVersionId: target.id });
    }
  }, 60_000 + ROUNDS * 10_000);

  it("ending one probation (promote ∥ roll back): it ends once, the head moves at most once, 19 × 409", async () => {
    const f = await team();
    const admins = [f.members.admin!, f.owner];
    for (let round = 0; round < ROUNDS; round++) {
      const before = await db.agentTemplate.findUniqueOrThrow({ where: { id: f.template.id }, select: { headVersionId: true } });
      const version = await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: `Round ${round} ${uid()}`, authoredBy: "user" });
      const probation = await db.probation.findFirstOrThrow({ where: { versionId: version.id }, select: { id: true } });
      const results = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          asUser(admins[i % admins.length]!, () => endProbationAction({ workspaceSlug: f.workspace.slug, probationId: probation.id, action: i % 4 < 2 ? "promote" : "rollback" })),
        ),
      );
      const winner = expectOneWinner(results);
      const rolledBack = winner % 4 >= 2;
      expect(await db.probation.findUniqueOrThrow({ where: { id: probation.id }, select: { status: true } })).toEqual({ status: rolledBack ? "rolled_back" : "promoted" });
      expect(await db.agentTemplate.findUniqueOrThrow({ where: { id: f.template.id }, select: { headVersionId: true } })).toEqual({ headVersionId: rolledBack ? before.headVersionId : version.id });
    }
  }, 60_000 + ROUNDS * 10_000);

  it("settling one preference conflict: one ruling, 19 × 409", async () => {
    const f = await team();
    for (let round = 0; round < ROUNDS; round++) {
      const open = await makePreferenceConflictRow(f.template, [f.members.member!.id, f.members.admin!.id], { tool: `propose_status_${round}` });
      const results = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          asUser(f.people[i % f.people.length]!, () => settlePreferenceConflictAction({ workspaceSlug: f.workspace.slug, conflictId: open.id, ruling: i % 2 ? "confirm" : "dismiss" })),
        ),
      );
      expectOneWinner(results);
      expect(await db.preferenceConflict.findUniqueOrThrow({ where: { id: open.id }, select: { status: true } })).not.toEqual({ status: "open" });
    }
  }, 60_000 + ROUNDS * 10_000);

  it("reverting one line: one proposal in the one-on-one with its two messages, every caller gets it", async () => {
    const f = await team();
    for (let round = 0; round < ROUNDS; round++) {
      const line = `- Round ${round}: link duplicate tickets ${uid()}.`;
      const head = await db.agentTemplate.findUniqueOrThrow({ where: { id: f.template.id }, select: { head: { select: { directives: true } } } });
      await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: `${head.head!.directives}\n${line}`, authoredBy: "user" });
      const results = await Promise.all(
        Array.from({ length: BURST }, (_, i) => asUser(f.people[i % f.people.length]!, () => revertClauseAction({ workspaceSlug: f.workspace.slug, templateId: f.template.id, line }))),
      );
      const statuses = results.map((r) => (r.ok ? 200 : r.error.status));
      expect(statuses, `statuses: ${statuses.join(",")}`).toEqual(Array(BURST).fill(200));
      const ids = new Set(results.map((r) => (r.ok ? r.data.proposalId : null)));
      expect(ids.size).toBe(1);
      const proposalId = [...ids][0]!;
      const { sessionId } = await db.proposal.findUniqueOrThrow({ where: { id: proposalId }, select: { sessionId: true } });
      expect(await db.proposal.count({ where: { sessionId } })).toBe(1);
      expect(await db.evolutionMessage.count({ where: { sessionId } })).toBe(2);
      await db.evolutionSession.update({ where: { id: sessionId }, data: { status: "abandoned" } });
    }
  }, 60_000 + ROUNDS * 10_000);
});
