import { apiEndpoints } from "@/features/api-keys/endpoints";
import { decideChangeItems } from "@/features/decisions/server";
import { apiRoute } from "@/features/api-keys/server";

export const POST = apiRoute(apiEndpoints.decideChangeItems, async (input, { scope }) => decideChangeItems({ scope, ...input }));
