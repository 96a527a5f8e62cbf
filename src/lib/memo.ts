import { LRUCache } from "lru-cache";

/**
 * A pure function remembered per process for its most recent `max` keys (an LRU from lru-cache,
 * the maintained one). Only for results that depend on nothing but the key — a text's category, the
 * diff of two immutable versions — so no invalidation is ever needed and several app processes can
 * each keep their own. The result is shared between callers: treat it as read-only.
 */
export function memoize<A extends unknown[], R extends NonNullable<unknown>>(fn: (...args: A) => R, { max, key }: { max: number; key: (...args: A) => string }): (...args: A) => R {
  const cache = new LRUCache<string, R>({ max });
  return (...args: A) => {
    const k = key(...args);
    const hit = cache.get(k);
    if (hit !== undefined) return hit;
    const value = fn(...args);
    cache.set(k, value);
    return value;
  };
}
