import "server-only";
import { allowPrivateWebhookTargets, newWebhookSecret, webhookUrlProblem } from "@/features/webhooks/server";
import { db } from "@/server/db";
import { badRequest, notFound } from "@/server/errors";
import type { Scope } from "@/server/scope";
import type { UpdateExternalAgentsInput } from "../schemas";

// Where a template's task agents run (admins, on its Instances tab): here — the product wakes them
// — or in the team's own code, where they read their directives and report runs through the API and
// the product never wakes them. Such a template may name a replay endpoint: the URL is held to the
// webhooks' address rule (no private or local addresses in production unless allowed), and gets a
// signing secret of its own when first set (kept when the URL changes; "New secret" replaces it).

export type ExternalAgentSettings = { runsExternally: boolean; replayUrl: string | null; replaySecret: string | null };

export async function getExternalAgentSettings(workspaceId: string, templateId: string): Promise<ExternalAgentSettings | null> {
  const t = await db.agentTemplate.findFirst({ where: { id: templateId, workspaceId, kind: "taskAgent" }, select: { runsExternally: true, replayUrl: true, replaySecret: true } });
  return t ?? null;
}

export async function updateExternalAgentSettings({ scope, templateId, runsExternally, replayUrl }: { scope: Scope } & UpdateExternalAgentsInput): Promise<ExternalAgentSettings> {
  if (replayUrl) {
    const problem = webhookUrlProblem(replayUrl, { allowPrivate: allowPrivateWebhookTargets() });
    if (problem) throw badRequest(problem, { replayUrl: [problem] });
  }
  return db.$transaction(async (t) => {
    const current = await t.agentTemplate.findFirst({ where: { id: templateId, workspaceId: scope.workspaceId, kind: "taskAgent" }, select: { replaySecret: true } });
    if (!current) throw notFound("Template not found.");
    const replaySecret = replayUrl ? (current.replaySecret ?? newWebhookSecret()) : null;
    await t.agentTemplate.updateMany({ where: { id: templateId, workspaceId: scope.workspaceId }, data: { runsExternally, replayUrl, replaySecret } });
    return { runsExternally, replayUrl, replaySecret };
  });
}

/** A new signing secret for the replay endpoint (the old one stops working at once). */
export async function rotateReplaySecret({ scope, templateId }: { scope: Scope; templateId: string }) {
  const replaySecret = newWebhookSecret();
  const { count } = await db.agentTemplate.updateMany({ where: { id: templateId, workspaceId: scope.workspaceId, kind: "taskAgent", replayUrl: { not: null } }, data: { replaySecret } });
  if (count === 0) throw notFound("No replay endpoint is set for this template.");
  return { replaySecret };
}
