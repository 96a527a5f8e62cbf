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

const TEMPLATE_FIELDS = {
  id: true, name: true, description: true, kind: true, level: true, modelId: true, refineConfig: true,
  headVersionId: true, createdAt: true, updatedAt: true,
} as const;

const VERSION_FIELDS = {
  id: true, number: true, directives: true, authoredBy: true, rationale: true, createdAt: true,
  author: { select: { name: true, email: true } },
  parent: { select: { id: true, number: true } },
} as const;

/** A template of the workspace, or null. */
export async function getTemplate(workspaceId: string, templateId: string) {
  return db.agentTemplate.findFirst({ where: { id: templateId, workspaceId }, select: TEMPLATE_FIELDS });
}

/**
 * The template page's header: the template, its active version and how many live (not destroyed)
 * instances it has — the count the templates list shows too.
 */
export async function getTemplateWithHead(workspaceId: string, templateId: string) {
  const template = await db.agentTemplate.findFirst({
    where: { id: templateId, workspaceId },
    select: { ...TEMPLATE_FIELDS, head: { select: VERSION_FIELDS }, _count: { select: { agents: { where: { lifecycle: { not: "destroyed" } } } } } },
  });
  if (!template?.head) return null;
  const { head, _count, ...rest } = template;
  return { template: rest, head, instanceCount: _count.agents };
}

/**
 * Every version of a template, newest first, with how many runs each has had. The run counts come
 * from the daily rollup (kept by triggers for every run): a count over the runs themselves would
 * read each version's runs on every view.
 */
export async function listVersions(workspaceId: string, templateId: string) {
  const [versions, runs] = await Promise.all([
    db.templateVersion.findMany({ where: { workspaceId, templateId }, orderBy: { number: "desc" }, select: VERSION_FIELDS }),
    db.templateDailyStats.groupBy({ by: ["templateVersionId"], where: { workspaceId, templateId }, _sum: { runs: true } }),
  ]);
  const runCount = new Map(runs.map((r) => [r.templateVersionId, r._sum.runs ?? 0]));
  return versions.map((v) => ({ ...v, runCount: runCount.get(v.id) ?? 0 }));
}

export type VersionRow = Awaited<ReturnType<typeof listVersions>>[number];
