import { rateRun } from "@/features/agents/server";
import { apiEndpoints } from "@/features/api-keys/endpoints";
import { apiRoute } from "@/features/api-keys/server";

export const POST = apiRoute(apiEndpoints.rateRun, async (input, { scope }) => rateRun({ scope, ...input }));
