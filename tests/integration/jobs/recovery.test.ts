import { describe, expect, it, vi } from "vitest";
import { db } from "@/server/db";
import { uid } from "../../factories";
import { sleep, testJob, until, runnersForThisFile } from "./helpers";

const runner = runnersForThisFile();

/** A row as a process leaves it when it dies mid-run. */
function runningRow(name: string, key: string, lockedBy: string, lockedAt = new Date()) {
  return db.job.create({
    data: { name, key, payload: { key, label: "interrupted" }, status: "running", attempts: 1, lockedBy, lockedAt, startedAt: lockedAt },
  });
}

describe("embedded runner restart recovery", () => {
  it("runs a job left running by a dead process exactly once, folding in what was queued behind it", async () => {
    const labels: string[] = [];
    const onRecover = vi.fn(async () => undefined);
    const job = testJob({ handler: async (d) => void labels.push(d.label), onRecover });
    const key = uid();
    const ownKey = uid();
    const orphan = await runningRow(job.id, key, "dead-process");
    await db.job.create({ data: { name: job.id, key, payload: { key, label: "queued" } } });
    // A job this very process id holds is not an orphan (its runner is alive).
    await runningRow(job.id, ownKey, "runner-b");

    const r = runner({ functions: [job], processId: "runner-b" });
    await r.start();
    await until(() => labels.length === 1);
    await r.idle();
    await sleep(50);

    expect(labels).toEqual(["interrupted+queued"]);
    const rows = await db.job.findMany({ where: { name: job.id, key } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: orphan.id, status: "succeeded", attempts: 2, lockedBy: "runner-b" });
    expect(onRecover).toHaveBeenCalledWith({ runningKeys: [ownKey], bootedAt: expect.any(Date) });
  });

  it("sweeps a job whose lock went stale while it runs, but never its own long runs (heartbeat)", async () => {
    let longRuns = 0;
    const slow = testJob({
      handler: async () => {
        longRuns++;
        await sleep(400);
      },
    });
    const labels: string[] = [];
    const quick = testJob({ handler: async (d) => void labels.push(d.label) });
    const r = runner({ functions: [slow, quick], lockTimeoutMs: 150 });
    await r.start();
    const key = uid();
    await r.enqueue({ name: slow.id, key, payload: { key, label: "slow" } });
    await until(() => longRuns === 1);
    const claimed = await db.job.findFirstOrThrow({ where: { name: slow.id } });
    await until(async () => (await db.job.findFirstOrThrow({ where: { name: slow.id } })).lockedAt! > claimed.lockedAt!);

    // Another process claimed this one and stopped heart-beating.
    await runningRow(quick.id, key, "another-process", new Date(Date.now() - 1_000));
    await until(() => labels.length === 1);
    await r.idle();
    expect(longRuns).toBe(1);
  });

  it("deletes finished jobs past the retention, and only those", async () => {
    const job = testJob();
    const day = 24 * 3_600_000;
    const finished = (daysAgo: number, status: "succeeded" | "failed" | "pending") =>
      db.job.create({ data: { name: job.id, key: uid(), status, finishedAt: status === "pending" ? null : new Date(Date.now() - daysAgo * day), runAt: new Date(Date.now() + day) } });
    const [old, oldFailed, recent, waiting] = await Promise.all([finished(8, "succeeded"), finished(9, "failed"), finished(1, "succeeded"), finished(0, "pending")]);
    const r = runner({ functions: [job], lockTimeoutMs: 60, retentionMs: 7 * day });
    await r.start();
    await until(async () => (await db.job.count({ where: { id: { in: [old.id, oldFailed.id] } } })) === 0);
    expect(await db.job.count({ where: { id: { in: [recent.id, waiting.id] } } })).toBe(2);
  });
});
