// Loaded with `node --import ./bench/lib/register.mjs` (after tsx) by scripts/bench.mjs: resolves
// "server-only" to an empty module, as React Server Components do, so benchmarks can import the
// app's services (src/features/**/server) unchanged. Same role as the vitest alias in vitest.config.mts.
import { register } from "node:module";

register("./server-only-hooks.mjs", import.meta.url);
