import type { CreateTaskOptions } from "@/features/tasks/server/create-task";
import type { Prisma } from "@/generated/prisma/client";
import type { Scope } from "@/server/scope";
import { factoryDb, type FactoryDb } from "./db";
import { uid } from "./uid";

/** A task through the product's service; with `templateId`, its agent too ({ task, agent }). */
export async function makeTask(scope: Scope, options: Partial<Omit<CreateTaskOptions, "scope">> = {}) {
  const { createTask } = await import("@/features/tasks/server/create-task");
  return createTask({ scope, title: `Task ${uid()}`, ...options });
}

/** A task row written as given (backdated, done…), without an agent. */
export async function makeTaskRow(workspaceId: string, fields: Partial<Omit<Prisma.TaskUncheckedCreateInput, "workspaceId">> = {}, db: FactoryDb = factoryDb()) {
  return db.task.create({ data: { workspaceId, title: `Task ${uid()}`, ...fields } });
}

/**
 * `count` task rows in ONE statement (createManyAndReturn), for lists that must page: titled
 * `<prefix> 0001`…, created a second apart with the last one newest, a status per index. With
 * `template`, each task also gets its agent on it (one more createMany; no state rows). Returns
 * their titles in creation order.
 */
export async function makeTaskRows(
  workspaceId: string,
  count: number,
  { prefix = `Task ${uid()}`, status = () => "open", start = new Date(Date.now() - count * 1_000 - 60_000), template }: {
    prefix?: string; status?: (i: number) => "open" | "in_progress" | "done"; start?: Date; template?: { id: string; workspaceId: string };
  } = {},
  db: FactoryDb = factoryDb(),
) {
  const width = String(count).length;
  const tasks = await db.task.createManyAndReturn({
    data: Array.from({ length: count }, (_, i) => ({
      workspaceId, title: `${prefix} ${String(i + 1).padStart(width, "0")}`, status: status(i), createdAt: new Date(start.getTime() + i * 1_000),
    })),
    select: { id: true, title: true, createdAt: true },
  });
  if (template) {
    await db.agent.createMany({ data: tasks.map((t) => ({ workspaceId, templateId: template.id, taskId: t.id, displayName: `Agent of ${t.title}`, createdAt: t.createdAt })) });
  }
  return tasks.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((t) => t.title);
}
