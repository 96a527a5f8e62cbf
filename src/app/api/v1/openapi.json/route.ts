import { env } from "@/env";
import { buildOpenApiDocument } from "@/features/api-keys/openapi";
import { publicApiRoute } from "@/features/api-keys/server";

// Public on purpose: the document describes the API, it holds no workspace data.
export const GET = publicApiRoute(() => buildOpenApiDocument({ serverUrl: env.APP_URL }), { cacheControl: "public, max-age=300" });
