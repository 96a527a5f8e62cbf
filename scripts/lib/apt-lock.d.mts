// Types of apt-lock.mjs (waiting for the apt/dpkg lock before installing Chromium).
export const APT_LOCK_FILES: string[];
export const APT_LOCK_TIMEOUT_MS: number;
export const APT_LOCK_WAITING: string;
export function aptArgs(args: string[], options?: { lockTimeoutMs?: number }): string[];
export function heldLockKeys(procLocks: string): Set<string>;
export function fileLockKey(stat: { dev: number | bigint; ino: number | bigint }): string;
export function isAptLockHeld(files?: string[]): boolean;
export class AptLockTimeoutError extends Error {
  constructor(timeoutMs: number);
}
export function waitForAptLock(options?: {
  isHeld?: () => boolean;
  timeoutMs?: number;
  pollMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
}): Promise<number>;
