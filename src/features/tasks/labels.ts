import { ENUM_WORDS } from "@/lib/words";

// Words for task fields, without the schemas: browser code imports these without shipping zod.
// The words themselves are src/lib/words.ts's (one mapping of every enum to words).
export const taskStatusLabels = ENUM_WORDS.TaskStatus;
