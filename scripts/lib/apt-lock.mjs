// Waiting for the apt/dpkg lock. `npm test` installs Chromium with apt when it is missing; on a
// fresh machine another apt (unattended-upgrades, cloud-init, a second terminal) often holds the
// lock, and apt-get then fails at once (exit 100). We wait for it instead, bounded: apt-get's own
// `DPkg::Lock::Timeout` covers the dpkg lock of `install`, and for `update` (whose lists lock that
// option does not cover) we poll the lock files first.
import { readFileSync, statSync } from "node:fs";

export const APT_LOCK_FILES = ["/var/lib/apt/lists/lock", "/var/lib/dpkg/lock-frontend", "/var/lib/dpkg/lock"];
export const APT_LOCK_TIMEOUT_MS = 5 * 60_000;
export const APT_LOCK_WAITING = "waiting for the apt lock (held by another process)…";

/** apt-get's arguments with the bounded wait for the dpkg lock (whole seconds, at least 1). */
export function aptArgs(args, { lockTimeoutMs = APT_LOCK_TIMEOUT_MS } = {}) {
  return ["-o", `DPkg::Lock::Timeout=${Math.max(1, Math.ceil(lockTimeoutMs / 1000))}`, ...args];
}

/** The "major:minor:inode" keys of the files someone holds a lock on, from /proc/locks' text. */
export function heldLockKeys(procLocks) {
  const keys = new Set();
  for (const line of procLocks.split("\n")) {
    // "1: POSIX  ADVISORY  WRITE 3810 fe:00:1474578 0 EOF" (a blocked waiter's line starts "1: ->")
    const m = /^\d+:\s+(?!->)\S+\s+\S+\s+\S+\s+\S+\s+([0-9a-f]+):([0-9a-f]+):(\d+)\s/i.exec(line);
    if (m) keys.add(`${parseInt(m[1], 16)}:${parseInt(m[2], 16)}:${m[3]}`);
  }
  return keys;
}

/** A file's key as /proc/locks writes it (Linux's device number split into major and minor). */
export function fileLockKey({ dev, ino }) {
  const d = BigInt(dev);
  const major = Number(((d >> 8n) & 0xfffn) | ((d >> 32n) & ~0xfffn));
  const minor = Number((d & 0xffn) | ((d >> 12n) & ~0xffn));
  return `${major}:${minor}:${ino}`;
}

/** Whether another process holds a lock on one of `files` (Linux: /proc/locks; elsewhere never). */
export function isAptLockHeld(files = APT_LOCK_FILES) {
  let held;
  try {
    held = heldLockKeys(readFileSync("/proc/locks", "utf8"));
  } catch {
    return false;
  }
  return files.some((file) => {
    try {
      return held.has(fileLockKey(statSync(file)));
    } catch {
      return false; // no such file: nobody holds it
    }
  });
}

export class AptLockTimeoutError extends Error {
  constructor(timeoutMs) {
    super(
      `gave up waiting for the apt lock after ${Math.round(timeoutMs / 1000)} s: another process (unattended-upgrades, another apt-get) still holds it. ` +
        "Wait for it to finish and run again, or install Chromium yourself (apt-get install chromium) or set CHROMIUM_PATH.",
    );
    this.name = "AptLockTimeoutError";
  }
}

const defaultSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once nobody holds the apt lock (at once when it is free), printing APT_LOCK_WAITING
 * once if it has to wait; rejects with AptLockTimeoutError when `timeoutMs` passes first.
 * Returns how long it waited. Everything it touches is injectable (tests).
 */
export async function waitForAptLock({ isHeld = () => isAptLockHeld(), timeoutMs = APT_LOCK_TIMEOUT_MS, pollMs = 2_000, now = Date.now, sleep = defaultSleep, log = console.log } = {}) {
  const start = now();
  let told = false;
  while (isHeld()) {
    const waited = now() - start;
    if (waited >= timeoutMs) throw new AptLockTimeoutError(timeoutMs);
    if (!told) {
      log(APT_LOCK_WAITING);
      told = true;
    }
    await sleep(Math.min(pollMs, timeoutMs - waited));
  }
  return now() - start;
}
