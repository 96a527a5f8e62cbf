import type { CreateTemplateOptions } from "@/features/templates/server";
import type { Prisma, TemplateVersion } from "@/generated/prisma/client";
import type { Scope } from "@/server/scope";
import { factoryDb, type FactoryDb } from "./db";
import { uid } from "./uid";

/**
 * A task template through the product's service: version 1 as head and its improver (what
 * rituals and one-on-ones rely on). The service is loaded on call, so e2e can import the factories.
 */
export async function makeTemplate(scope: Scope, options: Partial<Omit<CreateTemplateOptions, "scope">> = {}) {
  const { createTemplateWithImprover } = await import("@/features/rituals/server");
  return createTemplateWithImprover({ scope, name: `Template ${uid()}`, directives: "Help people finish their tasks.", ...options });
}

export type VersionFields = Partial<Omit<Prisma.TemplateVersionUncheckedCreateInput, "workspaceId" | "templateId" | "number" | "parentVersionId">>;

/**
 * A template row with a version history written as given (for backdated versions the service
 * cannot write, and for e2e): versions numbered from 1, each the parent of the next, the last one
 * head; the first is authored by the system, later ones by the agent, unless said otherwise. No improver.
 */
export async function makeTemplateRow(
  workspaceId: string,
  fields: Partial<Omit<Prisma.AgentTemplateUncheckedCreateInput, "workspaceId" | "headVersionId">> & { versions?: VersionFields[] } = {},
  db: FactoryDb = factoryDb(),
) {
  const { versions: history = [{}], ...columns } = fields;
  const template = await db.agentTemplate.create({ data: { workspaceId, name: `Template ${uid()}`, ...columns } });
  const versions: TemplateVersion[] = [];
  for (const [i, version] of history.entries()) {
    versions.push(
      await db.templateVersion.create({
        data: {
          workspaceId, templateId: template.id, number: i + 1, parentVersionId: versions[i - 1]?.id ?? null,
          authoredBy: i ? "agent" : "system", directives: `Directives v${i + 1}`, ...version,
        },
      }),
    );
  }
  const head = versions.at(-1)!;
  return { template: await db.agentTemplate.update({ where: { id: template.id }, data: { headVersionId: head.id } }), versions, head };
}
