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
