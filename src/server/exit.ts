// No imports: usable before the configuration is known to be valid (src/instrumentation.ts).

/** A configuration the server cannot run with: says why and ends the process before it serves anything. */
export function exitForBadConfiguration(e: unknown, target: NodeJS.Process = process): never {
  console.error(`✖ ${e instanceof Error ? e.message : String(e)}`);
  return target.exit(1);
}
