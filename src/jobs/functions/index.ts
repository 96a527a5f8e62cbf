import type { AnyJobDefinition } from "../definition";
import { taskAgentWake } from "./task-agent-wake";

/** The one list of job functions: served to Inngest (api/inngest) and run by the embedded runner. */
export const jobFunctions: AnyJobDefinition[] = [taskAgentWake];
