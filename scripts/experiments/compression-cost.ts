// What Next's own gzip costs the server per page view (bench/README.md, "2026-11-29, evening").
// Not part of the product; kept so the figures can be re-measured. One server of the production
// build (Next compresses by default), on a database with the demo workspace; after a warm-up,
// blocks of views of each page alternate between asking for gzip and asking for none, so both read
// the same server in the same minutes (the machine's speed drifts too much to compare two servers
// run one after the other). CPU is the server's own (/proc/<pid>/stat: every thread, the
// compressor's included).
//
//   npx next build
//   DATABASE_URL=… KEEP_BENCH_DB=1 BENCH_LARGE=0 BENCH_ONLY=usage BENCH_WARMUP_ROUNDS=0 BENCH_VIEWS=2 \
//     BENCH_USERS=1 BENCH_LOAD_SECONDS=1 BENCH_SATURATION_SECONDS=1 npm run bench -- pages
//   DATABASE_URL=<the kept database> npx tsx scripts/experiments/compression-cost.ts [distDir=.next] [rounds=100] [blocks=6] [views=10]
import pg from "pg";
import { demoPages, startPageServer, viewPage } from "../../bench/lib/page-server";

/** The pages measured (bench/pages.ts's names). */
const PAGES = ["dashboard", "templates", "template", "template feedback", "agents", "agent", "run", "tasks", "inbox", "notifications", "search", "usage"];
const [distDir = ".next", rounds = "100", blocks = "6", views = "10"] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL: a database holding the demo workspace (see the header)");
const db = new pg.Client(url);
await db.connect();
const { cookie, pages } = await demoPages(db, PAGES);
await db.end();
const server = await startPageServer(distDir, url);
const modes = { gzip: "gzip, deflate, br", none: "identity" };
type Mode = keyof typeof modes;
const get = (path: string, mode: Mode) => viewPage(server, path, { cookie, "accept-encoding": modes[mode] });
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

if ((await get(pages[0][1], "gzip")).encoding !== "gzip") throw new Error(`${distDir} does not compress (next.config.ts compress: false?)`);
for (let i = 0; i < Number(rounds); i++) for (const [, path] of pages) await get(path, "gzip");
const spent = new Map<string, number[]>(); // "page mode" → CPU ms per view, one figure per block
for (let b = 0; b < Number(blocks); b++) {
  for (const mode of Object.keys(modes) as Mode[]) {
    for (const [name, path] of pages) {
      const before = server.cpuMs();
      for (let i = 0; i < Number(views); i++) await get(path, mode);
      const key = `${name} ${mode}`;
      spent.set(key, [...(spent.get(key) ?? []), (server.cpuMs() - before) / Number(views)]);
    }
  }
}
const perView = (name: string, mode: Mode) => mean(spent.get(`${name} ${mode}`)!);
const row = (name: string, gzip: number, none: number) =>
  console.log(`${name.padEnd(18)} ${gzip.toFixed(1).padStart(5)}   ${none.toFixed(1).padStart(5)}   ${(((gzip - none) / gzip) * 100).toFixed(0).padStart(4)}%`);
console.log(`CPU ms per view, ${blocks} blocks of ${views} views per page and mode after ${rounds} rounds:`);
console.log("page                gzip    none   gzip's share");
for (const [name] of pages) row(name, perView(name, "gzip"), perView(name, "none"));
row("mean", mean(pages.map(([name]) => perView(name, "gzip"))), mean(pages.map(([name]) => perView(name, "none"))));
server.stop();
process.exit(0);
