import "server-only";
import { db } from "@/server/db";
import { conflict, isUniqueViolation } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { RefineConfigSchema, type RefineConfig } from "../schemas";
import { ensureImproverFor } from "@/features/rituals/server/improvers";
import { createTemplateVersion } from "./create-template-version";

const levelOf = { taskAgent: 0, templateImprover: 1, metaImprover: 2 } as const;

export type CreateTemplateOptions = {
  scope: Scope;
  name: string;
  description?: string;
  kind?: keyof typeof levelOf;
  modelId?: string;
  directives: string;
  refineConfig?: RefineConfig;
  authoredBy?: "system" | "user";
};

/** Creates a template and its version 1 (the head) in one transaction. Names are unique per workspace. */
export async function createTemplate(options: CreateTemplateOptions) {
  const kind = options.kind ?? "taskAgent";
  try {
    return await db.$transaction(async (tx) => {
      const template = await tx.agentTemplate.create({
        data: {
          workspaceId: options.scope.workspaceId,
          name: options.name,
          description: options.description ?? "",
          kind,
          level: levelOf[kind],
          modelId: options.modelId ?? "default",
          refineConfig: options.refineConfig ?? RefineConfigSchema.parse({}),
        },
      });
      const version = await createTemplateVersion(
        { scope: options.scope, templateId: template.id, directives: options.directives, authoredBy: options.authoredBy ?? "user", rationale: "Initial version", parentVersionId: null },
        tx,
      );
      // Every task template gets its improver (and the workspace its improver templates) with it.
      if (kind === "taskAgent") await ensureImproverFor(tx, options.scope, template.id);
      return { ...template, headVersionId: version.id, head: version };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`A template named “${options.name}” already exists.`);
    throw e;
  }
}
