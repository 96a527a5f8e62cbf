import "server-only";
import { LRUCache } from "lru-cache";
import { env } from "@/env";
import { db } from "./db";

// Pages' costliest read models (health numbers, per-version performance, the feedback breakdown),
// kept per process and shared by everyone viewing the same workspace:
//  - keyed by the workspace's `dataVersion`, which every change a person makes bumps after it is
//    written (`markWorkspaceChanged`, called by `workspaceAction`). The version is read with the
//    membership on every page, so a change shows at once on every app process — no process-to-
//    process message, no outdated entry served after a decision, an approval or a rating;
//  - fresh for `ttlMs` (READ_CACHE_TTL_MS); for as long again the last value is served while a
//    newer one loads (one load at a time), so no view waits for an expired entry under load.
//    Changes made in the background (a run finishing, feedback classified) show within 2 × ttlMs:
//    aggregates of many rows, where a few seconds' lag is what dashboards have.
// Concurrent views of a missing entry share one load. Values are shared between requests: read-only.

export type CacheScope = { id: string; dataVersion: number };

type Entry = { value: unknown; at: number; has: boolean; loading: Promise<unknown> | null };

export function createReadCache({ ttlMs, now = Date.now, max = 5_000 }: { ttlMs: number; now?: () => number; max?: number }) {
  const entries = new LRUCache<string, Entry>({ max });

  /** `load()`, or what it gave for the same workspace version and key lately (see above). */
  function readThrough<T>(scope: CacheScope, key: string, load: () => Promise<T>): Promise<T> {
    if (ttlMs === 0) return load();
    const k = `${scope.id}\u0000${scope.dataVersion}\u0000${key}`;
    let entry = entries.get(k);
    const age = entry?.has ? now() - entry.at : Infinity;
    if (entry && age < ttlMs) return Promise.resolve(entry.value as T);
    if (!entry) entries.set(k, (entry = { value: undefined, at: 0, has: false, loading: null }));
    if (!entry.loading) {
      const e = entry;
      e.loading = load().then(
        (value) => Object.assign(e, { value, at: now(), has: true, loading: null }).value,
        (error: unknown) => {
          e.loading = null;
          if (!e.has && entries.get(k) === e) entries.delete(k); // not remembered: the next view tries again
          throw error;
        },
      );
      e.loading.catch(() => undefined); // a refresh nobody waits for must not be an unhandled rejection
    }
    if (age < 2 * ttlMs) return Promise.resolve(entry.value as T);
    return entry.loading as Promise<T>;
  }

  return { readThrough };
}

const pages = createReadCache({ ttlMs: env.READ_CACHE_TTL_MS });

/** The pages' shared cache (READ_CACHE_TTL_MS): `load()`, or its recent result for this workspace version. */
export const readThrough = pages.readThrough;

/** After a person's change is written: every process's cached read models of the workspace are outdated. */
export async function markWorkspaceChanged(workspaceId: string): Promise<void> {
  await db.workspace.update({ where: { id: workspaceId }, data: { dataVersion: { increment: 1 } }, select: { id: true } });
}
