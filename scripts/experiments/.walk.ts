import pg from "pg";
import { chromium } from "playwright";
import { demoPages, startPageServer } from "../../bench/lib/page-server";
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const { cookie, pages } = await demoPages(db);
const server = await startPageServer(".next-a", process.env.DATABASE_URL!);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const [name, value] = cookie.split(";")[0].split("=");
await ctx.addCookies([{ name, value, url: server.base }]);
const page = await ctx.newPage();
const extra: [string, string][] = [["labels", "/w/demo/labels"]];
const want = (process.env.PAGES ?? "").split(",").filter(Boolean);
for (const [n, p] of [...pages, ...extra]) {
  if (want.length && !want.includes(n)) continue;
  await page.goto(server.base + p);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `/tmp/walk/${n.replace(/ /g, "-")}.png`, fullPage: true });
  console.log(n, p);
}
await browser.close(); server.stop(); await db.end();
