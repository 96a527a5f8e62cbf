// usage: node shot-tmp.mjs <path> <out> [clipY] [height]
import { chromium } from "@playwright/test";
import pg from "pg";
const [, , path, out, y = "0", h = "1000", action] = process.argv;
const BASE = "http://localhost:3400";
const pool = new pg.Pool({ connectionString: "postgresql://postgres@127.0.0.1:5432/agent_coach_dev" });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const ctx = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
const page = await ctx.newPage();
await page.goto(`${BASE}/sign-in`);
await page.getByLabel(/email/i).fill("demo@agent-coach.local");
await page.getByRole("button", { name: /sign-in link|send|continue/i }).click();
await page.waitForTimeout(1200);
const { rows } = await pool.query(`SELECT "text" FROM "EmailMessage" WHERE "to" = 'demo@agent-coach.local' ORDER BY "createdAt" DESC LIMIT 1`);
await page.goto(rows[0].text.match(/https?:\/\/\S+/)[0]);
await page.waitForURL(/\/w\//);
const { rows: t } = await pool.query(`SELECT id FROM "AgentTemplate" WHERE name LIKE 'Support%'`);
await page.goto(BASE + path.replace("TID", t[0].id));
await page.waitForTimeout(1500);
if (action === "chat") { await page.getByLabel("Message the improver").fill("Please ask the customer for a due date when none is given."); await page.getByRole("button", { name: "Send" }).click(); await page.getByTestId("proposal-card").first().waitFor({ timeout: 60000 }); await page.waitForTimeout(5000); }
await page.screenshot({ path: out, fullPage: true, clip: { x: 0, y: Number(y), width: 1400, height: Number(h) } });
await browser.close(); await pool.end();
