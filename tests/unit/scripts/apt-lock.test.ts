import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AptLockTimeoutError, APT_LOCK_WAITING, aptArgs, fileLockKey, heldLockKeys, waitForAptLock } from "../../../scripts/lib/apt-lock.mjs";

// npm test installs Chromium with apt when it is missing: another apt holding the lock is waited
// for (bounded), not an immediate exit 100.

/** A clock that moves only when the waiter sleeps. */
function fakeClock() {
  let t = 0;
  return { now: () => t, sleep: async (ms: number) => void (t += ms), sleeps: [] as number[] };
}

describe("apt's arguments", () => {
  it("ask apt-get to wait for the dpkg lock, in whole seconds", () => {
    expect(aptArgs(["install", "-y", "chromium"])).toEqual(["-o", "DPkg::Lock::Timeout=300", "install", "-y", "chromium"]);
    expect(aptArgs(["update"], { lockTimeoutMs: 90_500 })).toEqual(["-o", "DPkg::Lock::Timeout=91", "update"]);
    expect(aptArgs(["update"], { lockTimeoutMs: -5 })).toEqual(["-o", "DPkg::Lock::Timeout=1", "update"]);
  });
});

describe("waiting for the apt lock", () => {
  it("does not wait (nor say anything) when the lock is free", async () => {
    const clock = fakeClock();
    const lines: string[] = [];
    await expect(waitForAptLock({ isHeld: () => false, ...clock, log: (l) => lines.push(l) })).resolves.toBe(0);
    expect(lines).toEqual([]);
  });

  it("says once that it waits, and goes on when the other process lets go", async () => {
    const clock = fakeClock();
    const lines: string[] = [];
    let checks = 0;
    const waited = await waitForAptLock({ isHeld: () => ++checks <= 4, pollMs: 2_000, ...clock, log: (l) => lines.push(l) });
    expect(lines).toEqual([APT_LOCK_WAITING]);
    expect(lines[0]).toBe("waiting for the apt lock (held by another process)…");
    expect(waited).toBe(8_000);
  });

  it("fails with a clear message when the bound passes", async () => {
    const clock = fakeClock();
    const error = await waitForAptLock({ isHeld: () => true, timeoutMs: 300_000, pollMs: 7_000, ...clock, log: () => {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AptLockTimeoutError);
    expect((error as Error).message).toMatch(/^gave up waiting for the apt lock after 300 s: another process .* still holds it/);
    // It waited the whole bound, not a poll more.
    expect(clock.now()).toBe(300_000);
  });
});

describe("who holds a lock (/proc/locks)", () => {
  it("reads the held files' device and inode, not the waiters'", () => {
    const text = ["1: POSIX  ADVISORY  WRITE 3810 fe:00:1474578 0 EOF", "1: -> POSIX  ADVISORY  WRITE 3999 fe:00:77 0 EOF", "2: FLOCK  ADVISORY  WRITE 12 00:1a:402117 0 EOF", ""].join("\n");
    expect([...heldLockKeys(text)]).toEqual(["254:0:1474578", "0:26:402117"]);
  });

  it("keys a file the way /proc/locks does", () => {
    expect(fileLockKey({ dev: 0xfe00, ino: 1474578 })).toBe("254:0:1474578");
    expect(fileLockKey({ dev: 0x1a, ino: 5 })).toBe("0:26:5");
    // A real file's key has the same shape as the kernel's.
    expect(fileLockKey(statSync(import.meta.filename))).toMatch(/^\d+:\d+:\d+$/);
  });
});
