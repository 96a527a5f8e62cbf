// The production server as shipped: Next's standalone output (`output: "standalone"` in
// next.config.ts) — `<distDir>/standalone/server.js` with the node_modules it needs traced beside
// it. Next leaves two folders for the deployer to copy in (it serves them, but does not copy
// them): `public/` and `<distDir>/static/`. The readiness check also compares the applied
// migrations with `prisma/migrations` beside the server. `npm start`, the e2e suite and the
// Dockerfile all run this same preparation, then `node server.js`.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export function distDirOf(env = process.env) {
  return env.NEXT_DIST_DIR || ".next";
}

/** The standalone folder of this build, and its server. */
export function standalonePaths(distDir = distDirOf()) {
  const dir = path.join(distDir, "standalone");
  return { dir, server: path.join(dir, "server.js") };
}

/** True when the last `next build` wrote a standalone server. */
export function hasStandaloneBuild(distDir = distDirOf()) {
  return existsSync(path.join(distDir, "BUILD_ID")) && existsSync(standalonePaths(distDir).server);
}

/**
 * Copies what the standalone server serves or reads but Next does not copy; idempotent. Returns the
 * server's path. Done once per build (a marker holds its BUILD_ID): a second server started on the
 * same build (the e2e suite's production-start spec beside the suite's own server) must not delete
 * and copy again the files the first one is serving — a chunk asked for in that moment got a 500.
 */
export function prepareStandalone(distDir = distDirOf()) {
  const { dir, server } = standalonePaths(distDir);
  if (!existsSync(server)) throw new Error(`${server} is missing: run \`next build\` (next.config.ts sets output: "standalone")`);
  const buildId = readFileSync(path.join(distDir, "BUILD_ID"), "utf8").trim();
  const marker = path.join(dir, ".prepared-build-id");
  if (existsSync(marker) && readFileSync(marker, "utf8").trim() === buildId) return server;
  const copies = [
    ["public", path.join(dir, "public")],
    [path.join(distDir, "static"), path.join(dir, distDir, "static")],
    [path.join("prisma", "migrations"), path.join(dir, "prisma", "migrations")],
  ];
  for (const [from, to] of copies) {
    if (!existsSync(from)) continue;
    rmSync(to, { recursive: true, force: true }); // no file of an older build left behind
    cpSync(from, to, { recursive: true });
  }
  writeFileSync(marker, `${buildId}\n`);
  return server;
}
