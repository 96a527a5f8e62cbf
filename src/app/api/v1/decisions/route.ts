import { apiEndpoints } from "@/features/api-keys/endpoints";
import { decideChangeItems } from "@/features/decisions/server/decide-change-items";
import { apiRoute } from "@/server/api-route";

export const POST = apiRoute(apiEndpoints.decideChangeItems, async (input, { scope }) => decideChangeItems({ scope, ...input }));
