import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/generated/prisma/client";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../../scripts/lib/embedded-postgres.mjs";

// The embedded default database under the app's own driver path (Prisma + adapter-pg, a pool of
// 10), whatever server the rest of the suite runs on. The old embedded engine multiplexed every
// connection onto one session: concurrent statements interleaved and one connection's open
// transaction was visible to the others. These tests fail on such an engine.

/** A data directory in a fresh temp folder the server's user can enter (it runs as `postgres` under root). */
function tempDataDir() {
  const parent = mkdtempSync(path.join(tmpdir(), "agent-coach-embedded-test-"));
  chmodSync(parent, 0o755);
  return path.join(parent, "postgres");
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("embedded PostgreSQL", () => {
  let server: EmbeddedPostgres;
  let prisma: PrismaClient;

  beforeAll(async () => {
    server = await startEmbeddedPostgres({ ephemeral: true, log: () => {} });
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: server.url, max: 10 }) });
    await prisma.$executeRawUnsafe(`CREATE TABLE ledger (id serial PRIMARY KEY, tx int NOT NULL, line int NOT NULL)`);
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await server?.stop();
  });

  it("20 concurrent writing transactions each commit or roll back on their own", async () => {
    // Every transaction writes three lines with pauses between them, so all 20 overlap on the
    // pool's 10 connections; the odd ones fail after writing and must leave nothing behind.
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, tx) =>
        prisma.$transaction(
          async (t) => {
            for (let line = 0; line < 3; line++) {
              await t.$executeRaw`INSERT INTO ledger (tx, line) VALUES (${tx}, ${line})`;
              await t.$executeRaw`SELECT pg_sleep(0.02)`;
            }
            const [{ count }] = await t.$queryRaw<{ count: bigint }[]>`SELECT count(*) FROM ledger WHERE tx = ${tx}`;
            if (count !== 3n) throw new Error(`tx ${tx} saw ${count} of its own lines`);
            if (tx % 2 === 1) throw new Error("roll back");
          },
          { timeout: 30_000, maxWait: 30_000 },
        ),
      ),
    );
    const unexpected = results.flatMap((r, tx) => (r.status === "rejected" && !(tx % 2 === 1 && String(r.reason).includes("roll back")) ? [`${tx}: ${(r.reason as Error).message}`] : []));
    expect(unexpected).toEqual([]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);

    const rows = await prisma.$queryRaw<{ tx: number; lines: bigint }[]>`SELECT tx, count(*) AS lines FROM ledger GROUP BY tx ORDER BY tx`;
    expect(rows.map((r) => [r.tx, Number(r.lines)])).toEqual(Array.from({ length: 10 }, (_, i) => [i * 2, 3]));
  });

  it("one connection's open transaction is invisible to another, and its rollback leaves the other's writes intact", async () => {
    const a = new pg.Client({ connectionString: server.url });
    const b = new pg.Client({ connectionString: server.url });
    await a.connect();
    await b.connect();
    try {
      await a.query("BEGIN");
      await a.query("INSERT INTO ledger (tx, line) VALUES (100, 0)");
      await b.query("BEGIN");
      await b.query("INSERT INTO ledger (tx, line) VALUES (200, 0)");
      // Neither sees the other's uncommitted row.
      expect((await b.query("SELECT count(*)::int AS n FROM ledger WHERE tx = 100")).rows[0].n).toBe(0);
      expect((await a.query("SELECT count(*)::int AS n FROM ledger WHERE tx = 200")).rows[0].n).toBe(0);
      await a.query("ROLLBACK");
      await b.query("COMMIT");
      const { rows } = await prisma.$queryRaw<{ tx: number }[]>`SELECT tx FROM ledger WHERE tx IN (100, 200)`.then((r) => ({ rows: r }));
      expect(rows.map((r) => r.tx)).toEqual([200]);
    } finally {
      await a.end();
      await b.end();
    }
  });

  it("keeps its data across a restart, records where it runs while up, and leaves nothing running when stopped", async () => {
    const dir = tempDataDir();
    try {
      const first = await startEmbeddedPostgres({ dir, log: () => {} });
      expect(first.dir).toBe(dir);
      expect(JSON.parse(readFileSync(`${dir}.json`, "utf8"))).toMatchObject({ port: first.port, pid: first.pid });
      const c1 = new pg.Client({ connectionString: first.url });
      await c1.connect();
      await c1.query("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
      await c1.end();
      await first.stop();
      expect(alive(first.pid)).toBe(false);
      expect(existsSync(path.join(dir, "postmaster.pid"))).toBe(false); // a clean shutdown

      const second = await startEmbeddedPostgres({ dir, log: () => {} });
      const c2 = new pg.Client({ connectionString: second.url });
      await c2.connect();
      expect((await c2.query("SELECT v FROM kept")).rows).toEqual([{ v: "still here" }]);
      await c2.end();
      await second.stop();
      expect(existsSync(`${dir}.json`)).toBe(false);
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });

  it("refuses a data directory another live launcher holds, and reclaims one whose launcher died", async () => {
    const dir = tempDataDir();
    const script = `import(${JSON.stringify(path.resolve("scripts/lib/embedded-postgres.mjs"))}).then(async (m) => { const s = await m.startEmbeddedPostgres({ dir: ${JSON.stringify(dir)}, log: () => {} }); console.log("up " + s.pid); setInterval(() => {}, 1000); });`;
    const launcher = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      const serverPid = await new Promise<number>((resolve, reject) => {
        launcher.stdout.on("data", (chunk) => {
          const m = /up (\d+)/.exec(String(chunk));
          if (m) resolve(Number(m[1]));
        });
        launcher.once("exit", (code) => reject(new Error(`launcher exited with ${code}`)));
      });
      await expect(startEmbeddedPostgres({ dir, log: () => {} })).rejects.toThrow(/in use by process/);

      launcher.kill("SIGKILL"); // the server is orphaned, still holding the folder
      await new Promise((r) => launcher.once("exit", r));
      expect(alive(serverPid)).toBe(true);

      const reclaimed = await startEmbeddedPostgres({ dir, log: () => {} });
      expect(alive(serverPid)).toBe(false);
      expect(reclaimed.pid).not.toBe(serverPid);
      await reclaimed.stop();
    } finally {
      launcher.kill("SIGKILL");
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
