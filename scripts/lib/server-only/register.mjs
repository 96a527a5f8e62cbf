// Loaded with `node --import tsx --import ./scripts/lib/server-only/register.mjs` by scripts/bench.mjs
// (benchmarks) and by tests that start a second app process: resolves "server-only" to an empty
// module, as React Server Components do, so Node can import the app's services (src/features/**/server)
// unchanged. Same role as the vitest alias in vitest.config.mts.
import { register } from "node:module";

register("./hooks.mjs", import.meta.url);
