// The api-keys slice's public server API: what other slices, pages, routes and jobs may call.
// Everything else under server/ is internal to the slice (enforced by lint).
export { apiRoute, publicApiRoute, type ApiContext } from "./api-route";
export { listApiKeys } from "./queries";
export { createApiKey } from "./create-api-key";
