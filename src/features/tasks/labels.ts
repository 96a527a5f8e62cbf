import type { TaskStatus } from "@/generated/prisma/enums";

// Words for task fields, without the schemas: browser code imports these without shipping zod.
export const taskStatusLabels = { open: "Open", in_progress: "In progress", done: "Done" } as const satisfies Record<TaskStatus, string>;
