import "server-only";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import type { TaskContext } from "@/ai/prompts/task-agent";
import { RefineConfigSchema, type RefineConfig } from "@/features/templates/schemas";
import { db } from "@/server/db";

// What a wake was given, stored on its run (WakeRun.inputs), so that the run can be played again
// later with other directives (the replay check of a proposal): the task as it was, the agent's
// state, the observations it saw and the refine config. The directives are the run's version
// (templateVersionId); a replay swaps them. Versioned, so old rows stay readable.

const RunInputsSchema = z.object({
  v: z.literal(1),
  task: z.object({
    title: z.string(),
    description: z.string(),
    status: z.string(),
    checklist: z.array(z.object({ text: z.string(), done: z.boolean() })),
    estimateMinutes: z.number().nullable(),
  }),
  state: z.object({ wakeCounter: z.number(), lastWakeAt: z.string().nullable(), slots: z.unknown() }),
  observations: z.array(z.string()),
  refine: RefineConfigSchema,
});
export type RunInputs = z.infer<typeof RunInputsSchema>;

/** The inputs of a wake about to run, as stored. */
export function captureRunInputs(ctx: TaskContext, refine: RefineConfig): Prisma.InputJsonObject {
  const inputs: RunInputs = {
    v: 1,
    task: ctx.task,
    state: { wakeCounter: ctx.state.wakeCounter, lastWakeAt: ctx.state.lastWakeAt?.toISOString() ?? null, slots: ctx.state.slots ?? {} },
    observations: ctx.observations,
    refine,
  };
  return JSON.parse(JSON.stringify(inputs)) as Prisma.InputJsonObject;
}

/** Stored inputs read back (null for runs without them: recorded through the API, or older). */
export function parseRunInputs(stored: unknown): RunInputs | null {
  const parsed = RunInputsSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** The context of a stored run, with the given directives instead of the ones it ran with. */
export function replayContext(inputs: RunInputs, directives: string): TaskContext {
  return {
    directives,
    task: inputs.task,
    state: { wakeCounter: inputs.state.wakeCounter, lastWakeAt: inputs.state.lastWakeAt ? new Date(inputs.state.lastWakeAt) : null, slots: inputs.state.slots },
    observations: inputs.observations,
  };
}

/** A run of this workspace with what it was given and the directives it ran with; null when it has no stored inputs. */
export async function loadRunForReplay(workspaceId: string, runId: string) {
  const run = await db.wakeRun.findFirst({
    where: { id: runId, workspaceId },
    select: { id: true, agentId: true, templateId: true, inputs: true, version: { select: { id: true, number: true, directives: true } } },
  });
  const inputs = run ? parseRunInputs(run.inputs) : null;
  return run && inputs ? { run, inputs } : null;
}
