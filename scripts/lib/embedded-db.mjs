// Embedded PostgreSQL: PGlite (Postgres compiled to Wasm) persisted under .data/ and served over
// the Postgres wire protocol on loopback, so the app keeps @prisma/adapter-pg + pg unchanged.
// Pending prisma/migrations are applied in-process before the port opens.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { migrateDeploy } from "../migrate-deploy.mjs";

/**
 * @param {{ dir?: string, port?: number, log?: (m: string) => void }} [options]
 * @returns {Promise<{ url: string, dir: string, stop: () => Promise<void> }>}
 */
export async function startEmbeddedDb(options = {}) {
  const dir = path.resolve(options.dir ?? process.env.EMBEDDED_DB_DIR ?? ".data/pglite");
  const port = Number(options.port ?? process.env.EMBEDDED_DB_PORT ?? 54322);
  const log = options.log ?? ((m) => console.log(`[db] ${m}`));
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const t0 = Date.now();

  // PGlite has no cross-process locking: never open one data directory from two processes.
  mkdirSync(dir, { recursive: true });
  const pidFile = `${dir}.pid`;
  let owner = 0;
  try {
    owner = Number(readFileSync(pidFile, "utf8"));
    if (owner && owner !== process.pid) process.kill(owner, 0);
    else owner = 0;
  } catch {
    owner = 0;
  }
  if (owner) {
    throw new Error(`${dir} is in use by process ${owner} (another "npm run dev"?). Stop it first.`);
  }
  writeFileSync(pidFile, String(process.pid));

  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  let db;
  try {
    db = await PGlite.create(dir);
    await migrateDeploy(db, "prisma/migrations", (m) => log(m));
  } catch (e) {
    rmSync(pidFile, { force: true });
    throw e;
  }
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port, maxConnections: 100 });
  try {
    await server.start();
  } catch (e) {
    await db.close();
    rmSync(pidFile, { force: true });
    throw new Error(`cannot listen on 127.0.0.1:${port} (set EMBEDDED_DB_PORT): ${e.message}`);
  }
  log(`embedded Postgres (PGlite) ready in ${Date.now() - t0} ms`);

  let stopped = false;
  return {
    url,
    dir: dir.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), dir) : dir,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close(); // clean shutdown of the data directory
      rmSync(pidFile, { force: true });
    },
  };
}
