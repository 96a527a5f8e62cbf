import "server-only";
import { db, type Tx } from "@/server/db";
import { conflict, isUniqueViolation } from "@/server/errors";
import type { Scope } from "@/server/scope";
import { RefineConfigSchema, type RefineConfig } from "../schemas";
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

/**
 * Creates a template and its version 1 (the head) in one transaction. Names are unique per
 * workspace. A task template's improver is not created here: the rituals slice's
 * `createTemplateWithImprover` (what people and the app use) wraps this in its transaction.
 */
export async function createTemplate(options: CreateTemplateOptions) {
  return asTemplateNameConflict(options.name, () => db.$transaction((t) => createTemplateInTx(t, options)));
}

/** The same, inside the caller's transaction. */
export async function createTemplateInTx(t: Tx, options: CreateTemplateOptions) {
  const kind = options.kind ?? "taskAgent";
  const template = await t.agentTemplate.create({
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
    t,
  );
  return { ...template, headVersionId: version.id, head: version };
}

/** A duplicate name becomes a 409 with a message a person understands (the transaction is rolled back). */
export async function asTemplateNameConflict<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`A template named “${name}” already exists.`);
    throw e;
  }
}
