import "server-only";
import { db } from "@/server/db";

/** Templates of a workspace; `tasksOnly` leaves out the improver templates (levels 1–2). */
export async function listTemplates(workspaceId: string, { tasksOnly = false }: { tasksOnly?: boolean } = {}) {
  const [templates, lastRuns] = await Promise.all([
    db.agentTemplate.findMany({
      where: { workspaceId, ...(tasksOnly ? { kind: "taskAgent" as const } : {}) },
      orderBy: [{ level: "asc" }, { name: "asc" }],
      select: {
        id: true, name: true, description: true, kind: true, level: true, updatedAt: true,
        head: { select: { number: true, createdAt: true, authoredBy: true } },
        _count: { select: { agents: { where: { lifecycle: { not: "destroyed" } } }, versions: true } },
      },
    }),
    // Newest run per template through the (templateId, startedAt) index: one row each, however
    // many runs the workspace has.
    db.$queryRaw<{ templateId: string; startedAt: Date }[]>`
      SELECT t."id" AS "templateId", r."startedAt" FROM "AgentTemplate" t
      JOIN LATERAL (SELECT w."startedAt" FROM "WakeRun" w WHERE w."templateId" = t."id" ORDER BY w."startedAt" DESC LIMIT 1) r ON true
      WHERE t."workspaceId" = ${workspaceId}`,
  ]);
  const last = new Map(lastRuns.map((r) => [r.templateId, r.startedAt]));
  return templates.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    kind: t.kind,
    level: t.level,
    headNumber: t.head?.number ?? null,
    headCreatedAt: t.head?.createdAt ?? null,
    versionCount: t._count.versions,
    instanceCount: t._count.agents,
    lastActivityAt: last.get(t.id) ?? null,
  }));
}

export async function getTemplate(workspaceId: string, templateId: string) {
  return db.agentTemplate.findFirst({
    where: { id: templateId, workspaceId },
    select: {
      id: true, name: true, description: true, kind: true, level: true, modelId: true, refineConfig: true,
      headVersionId: true, createdAt: true, updatedAt: true,
      _count: { select: { agents: true } },
    },
  });
}

export async function listVersions(workspaceId: string, templateId: string) {
  return db.templateVersion.findMany({
    where: { workspaceId, templateId },
    orderBy: { number: "desc" },
    select: {
      id: true, number: true, directives: true, authoredBy: true, rationale: true, createdAt: true,
      author: { select: { name: true, email: true } },
      parent: { select: { id: true, number: true } },
      _count: { select: { runs: true } },
    },
  });
}

export type VersionRow = Awaited<ReturnType<typeof listVersions>>[number];
