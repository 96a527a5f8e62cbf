import "server-only";
import { readFileSync } from "node:fs";
import { env } from "@/env";

// `npm run dev` starts Next while the demo seed is still writing (scripts/app.mjs): the sign-in
// page answers at once, and says so when someone arrives before the demo workspace is complete.
// The launcher records the seed's progress in DEMO_SEED_STATUS_FILE; unset everywhere else.

export type DemoSeedState = "running" | "failed" | "done";

/** The demo seed's state, or null when this server was not started by `npm run dev` with a seed. */
export function demoSeedState(file = env.DEMO_SEED_STATUS_FILE): DemoSeedState | null {
  if (!file) return null;
  try {
    const { state } = JSON.parse(readFileSync(file, "utf8")) as { state?: unknown };
    return state === "running" || state === "failed" || state === "done" ? state : null;
  } catch {
    return null; // not written yet, or removed by a launcher that stopped: nothing to say
  }
}
