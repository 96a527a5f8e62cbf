import "server-only";
import { asTemplateNameConflict, createTemplateInTx, type CreateTemplateOptions } from "@/features/templates/server";
import { db } from "@/server/db";
import { ensureImproverFor } from "./improvers";

/**
 * Creates a template (version 1 as its head) and, for a task template, its improver — and the
 * workspace's improver templates when missing — in one transaction.
 */
export async function createTemplateWithImprover(options: CreateTemplateOptions) {
  return asTemplateNameConflict(options.name, () =>
    db.$transaction(async (t) => {
      const template = await createTemplateInTx(t, options);
      if (template.kind === "taskAgent") await ensureImproverFor(t, options.scope, template.id);
      return template;
    }),
  );
}
