// Counts of lists that can grow without bound (open proposals, search matches): counting stops at
// COUNT_CAP + 1 rows (`SELECT count(*) FROM (SELECT 1 … LIMIT 1001)`), so the cost does not grow
// with the list; beyond the cap the count reads "1,000+".

export const COUNT_CAP = 1_000;

/** A count: exact up to the cap, else `value` is the cap and `capped` says there are more. */
export type CappedCount = { value: number; capped: boolean };

/** The capped count of `n` rows counted with `take: COUNT_CAP + 1`. */
export function cappedCount(n: number, cap = COUNT_CAP): CappedCount {
  return n > cap ? { value: cap, capped: true } : { value: n, capped: false };
}

/** "950", "1,000+". */
export function formatCount(count: CappedCount): string {
  return `${count.value.toLocaleString("en")}${count.capped ? "+" : ""}`;
}
