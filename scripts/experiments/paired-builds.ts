// Two production builds side by side (bench/README.md, "2026-11-29, evening"): both servers run at
// once on the same database, and each page's views alternate between them in blocks, so both read
// the machine in the same minutes. Run one after the other, the same build's CPU per view moved by
// ±20% on these machines; paired like this, a change of 10–15% shows in both orders. Run it twice,
// the second time with the builds swapped. Not part of the product; kept so figures can be re-measured.
//
//   NEXT_DIST_DIR=.next-before npx next build   (on the commit before; then .next-after on the change)
//   DATABASE_URL=… KEEP_BENCH_DB=1 BENCH_LARGE=0 BENCH_ONLY=usage BENCH_WARMUP_ROUNDS=0 BENCH_VIEWS=2 \
//     BENCH_USERS=1 BENCH_LOAD_SECONDS=1 BENCH_SATURATION_SECONDS=1 npm run bench -- pages
//   DATABASE_URL=<the kept database> npx tsx scripts/experiments/paired-builds.ts .next-before .next-after [pages=agent,run,…] [rounds=100] [blocks=5] [views=10]
import pg from "pg";
import { demoPages, startPageServer, viewPage } from "../../bench/lib/page-server";

const [distA, distB, only, rounds = "100", blocks = "5", views = "10"] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
if (!url || !distA || !distB) throw new Error("usage: DATABASE_URL=… npx tsx scripts/experiments/paired-builds.ts <distDir A> <distDir B> [pages] [rounds] [blocks] [views]");
const db = new pg.Client(url);
await db.connect();
const { cookie, pages } = await demoPages(db, only?.split(","));
await db.end();
const servers = [await startPageServer(distA, url), await startPageServer(distB, url)];

for (let i = 0; i < Number(rounds); i++) for (const [, path] of pages) for (const server of servers) await viewPage(server, path, { cookie });
console.log(`CPU ms per view, ${blocks} blocks of ${views} views per page and build after ${rounds} rounds; HTML KB`);
console.log(`page               ${distA.padStart(12)} ${distB.padStart(12)}   change   HTML KB`);
for (const [name, path] of pages) {
  const cpu = [0, 0];
  const kb = [0, 0];
  for (let b = 0; b < Number(blocks); b++) {
    for (const [i, server] of servers.entries()) {
      const before = server.cpuMs();
      for (let v = 0; v < Number(views); v++) kb[i] = (await viewPage(server, path, { cookie })).bytes / 1024;
      cpu[i] += server.cpuMs() - before;
    }
  }
  const [a, b] = cpu.map((ms) => ms / (Number(blocks) * Number(views)));
  console.log(`${name.padEnd(18)} ${a.toFixed(1).padStart(12)} ${b.toFixed(1).padStart(12)}   ${`${(((b - a) / a) * 100).toFixed(0)}%`.padStart(6)}   ${kb[0].toFixed(1)} → ${kb[1].toFixed(1)}`);
}
for (const server of servers) server.stop();
process.exit(0);
