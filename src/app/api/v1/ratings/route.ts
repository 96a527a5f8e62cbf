import { rateRun } from "@/features/agents/server/rate-run";
import { apiEndpoints } from "@/features/api-keys/endpoints";
import { apiRoute } from "@/server/api-route";

export const POST = apiRoute(apiEndpoints.rateRun, async (input, { scope }) => rateRun({ scope, ...input }));
