import { z } from "zod";
import { isSingleLine, SINGLE_LINE_MESSAGE } from "@/lib/input-rules";
import { atMostMessage, TEXT_LIMITS } from "@/lib/text-limits";
import { CursorSchema } from "@/lib/keyset";
import { IdSchema } from "@/features/workspaces/schemas";
import { TaskStatus } from "@/generated/prisma/enums";

export const TaskStatusSchema = z.enum(TaskStatus);
export { taskStatusLabels } from "./labels";
export const ChecklistItemSchema = z.object({
  /** Optional on input: generated when missing, so API clients can send just the text. */
  id: z.string().min(1).max(40).default(() => crypto.randomUUID().slice(0, 12)),
  text: z.string().trim().min(1).max(500),
  done: z.boolean().default(false),
});
export type ChecklistItem = z.output<typeof ChecklistItemSchema>;

export const TaskFields = {
  title: z.string({ error: "A title is required." }).trim().min(3, { error: "Use at least 3 characters." }).max(TEXT_LIMITS.taskTitle, { error: atMostMessage(TEXT_LIMITS.taskTitle) }).refine(isSingleLine, SINGLE_LINE_MESSAGE),
  description: z.string().trim().max(TEXT_LIMITS.taskDescription, { error: atMostMessage(TEXT_LIMITS.taskDescription) }).default(""),
};

export const CreateTaskInput = z.object({
  ...TaskFields,
  /** Creates the task's agent on this template. */
  templateId: IdSchema.optional(),
});

export const UpdateTaskInput = z.object({
  taskId: IdSchema,
  title: TaskFields.title.optional(),
  description: z.string().trim().max(TEXT_LIMITS.taskDescription, { error: atMostMessage(TEXT_LIMITS.taskDescription) }).optional(),
  status: TaskStatusSchema.optional(),
  estimateMinutes: z.number().int().min(1).max(100_000).nullable().optional(),
});

/** How the tasks list orders: newest first (default), oldest first, or by title. */
export const TASK_SORTS = ["newest", "oldest", "title"] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

/**
 * The tasks page's search params (`?status=…&template=…&sort=…&after=…`): a value that is not one
 * (an old link, a hand-edited URL) falls back to no filter / the first page, never an error.
 */
export const TaskListParams = z.object({
  status: TaskStatusSchema.optional().catch(undefined),
  template: IdSchema.optional().catch(undefined),
  sort: z.enum(TASK_SORTS).catch("newest"),
  after: CursorSchema.optional().catch(undefined),
  before: CursorSchema.optional().catch(undefined),
});
export const TASKS_PAGE_SIZE = 50;
