// `npm run lab -- [--weeks N] [--seed S] [--personas FILE] [--json OUT] [--md OUT.md] [--svg OUT.svg]
// [--tasks-per-week K] [--tickets FILE] [--provider] [--probation-share S] [--saboteur WEEK]
// [--generated N [--personas-out DIR]] [--external]`: a simulated team fast-forwarded week by week
// on the product's own services (src/lab, docs/LAB.md). Prints the weekly table; writes the JSON,
// Markdown and SVG reports asked for. Progress goes to stderr.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PersonaError } from "@/lab/personas/expression";
import { loadTeam } from "@/lab/personas/load";
import { openLabDatabase } from "./lib/lab-database";

const USAGE = `usage: npm run lab -- [--weeks 8] [--seed 1] [--personas lab/personas/support-team.json]
                      [--json out.json] [--md out.md] [--svg out.svg] [--tasks-per-week 12]
                      [--tickets lab/tickets.json] [--provider]
                      [--probation-share 0.2] [--saboteur 3]
                      [--generated 20 [--personas-out DIR]]   (N teams drawn by the generator)
                      [--external]   (the task agents run as your own code would: through the typed client)`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function options() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        weeks: { type: "string", default: "8" },
        seed: { type: "string", default: "1" },
        personas: { type: "string", default: "lab/personas/support-team.json" },
        json: { type: "string" },
        md: { type: "string" },
        svg: { type: "string" },
        "tasks-per-week": { type: "string", default: "12" },
        tickets: { type: "string" },
        provider: { type: "boolean", default: false },
        external: { type: "boolean", default: false },
        "probation-share": { type: "string" },
        saboteur: { type: "string" },
        generated: { type: "string" },
        "personas-out": { type: "string" },
        help: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    fail(`${(e as Error).message}\n${USAGE}`);
  }
  if (parsed.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const int = (name: string, value: string, min: number, max: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) fail(`--${name} must be a whole number from ${min} to ${max} (got "${value}")`);
    return n;
  };
  const share = (value: string) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0 || n > 0.9) fail(`--probation-share must be a number from 0 to 0.9 (got "${value}")`);
    return n;
  };
  return {
    weeks: int("weeks", parsed.weeks, 1, 52),
    seed: int("seed", parsed.seed, 0, 2 ** 31 - 1),
    tasksPerWeek: int("tasks-per-week", parsed["tasks-per-week"], 1, 200),
    personas: parsed.personas,
    tickets: parsed.tickets,
    provider: parsed.provider,
    external: parsed.external,
    probationShare: parsed["probation-share"] === undefined ? undefined : share(parsed["probation-share"]),
    saboteur: parsed.saboteur === undefined ? undefined : int("saboteur", parsed.saboteur, 1, 52),
    json: parsed.json,
    md: parsed.md,
    svg: parsed.svg,
    generated: parsed.generated === undefined ? undefined : int("generated", parsed.generated, 1, 500),
    personasOut: parsed["personas-out"],
  };
}

const opts = options();
// Generated teams (src/lab/generate): each written as a persona file, so a surprising one can be run alone.
const generated = opts.generated
  ? await (async () => {
      const { generateTeam } = await import("@/lab/generate/team-generator");
      const dir = opts.personasOut ?? mkdtempSync(path.join(os.tmpdir(), "lab-teams-"));
      mkdirSync(dir, { recursive: true });
      return Array.from({ length: opts.generated! }, (_, i) => {
        const team = generateTeam(opts.seed, i);
        const file = path.join(dir, `team-${opts.seed}-${String(i + 1).padStart(2, "0")}.json`);
        writeFileSync(file, `${JSON.stringify(team.persona, null, 2)}\n`);
        return { ...team, file };
      });
    })()
  : null;
// A bad persona file is reported before a database is started.
try {
  for (const file of generated ? generated.map((g) => g.file) : [opts.personas]) loadTeam(file);
} catch (e) {
  fail(e instanceof PersonaError ? `✖ ${e.message}` : String(e));
}

// The lab runs the jobs itself (src/lab/jobs.ts): no Inngest server takes its events.
for (const key of ["INNGEST_DEV", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY"]) delete process.env[key];
process.env.LOG_LEVEL ||= "error";
// With --external the lab's agents call the API as fast as the simulation runs: its one key is not
// held to a production key's per-minute limit.
if (opts.external) process.env.API_RATE_LIMIT_PER_MINUTE ||= "1000000";

const log = (m: string) => console.error(`[lab] ${m}`);
const database = await openLabDatabase((m) => log(`db: ${m}`));
const stop = async () => {
  await database.stop();
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop().then(() => process.exit(130)));
process.env.DATABASE_URL = database.url;
log(database.embedded ? "database: a throwaway embedded PostgreSQL" : "database: DATABASE_URL (the lab writes only its own new workspace)");

let exitCode = 0;
try {
  // Imported only now: the app's modules read DATABASE_URL when they load.
  const { runLab } = await import("@/lab/run-lab");
  const { weeklyTable } = await import("@/lab/output/table");
  const { markdownReport } = await import("@/lab/output/markdown");
  const { chartSvg } = await import("@/lab/output/svg");
  const { describeCalibration } = await import("@/features/hypotheses/grade");
  if (generated) {
    const { pooled, teamOutcome } = await import("@/lab/generate/pooled");
    const { generatedTable } = await import("@/lab/output/generated");
    const outcomes = [];
    const results = [];
    for (const [i, team] of generated.entries()) {
      log(`team ${i + 1}/${generated.length}: ${team.name} — ${team.summary}`);
      const run = await runLab({ ...opts, personas: team.file, log: () => {} });
      const result = { ...run, workspaceSlug: undefined };
      outcomes.push(teamOutcome(team.name, team.summary, result.weeks, result.decisionModel?.heldOut, result.decisionModel?.predictions));
      results.push({ ...result, generated: { summary: team.summary, preferences: team.preferences, persona: team.persona } });
      log(`  acceptance ${outcomes.at(-1)!.acceptance.gain ?? "—"} points, rating ${outcomes.at(-1)!.rating.gain ?? "—"}, ${outcomes.at(-1)!.versionsApproved} versions (${(result.durationMs / 1000).toFixed(1)} s)`);
    }
    const summary = pooled(outcomes);
    console.log(generatedTable(outcomes, summary, { seed: opts.seed, weeks: opts.weeks, tasksPerWeek: opts.tasksPerWeek }));
    if (opts.json) writeFileSync(opts.json, `${JSON.stringify({ seed: opts.seed, weeks: opts.weeks, tasksPerWeek: opts.tasksPerWeek, pooled: summary, teams: outcomes, runs: results }, null, 2)}\n`);
    if (opts.md) writeFileSync(opts.md, `${generatedTable(outcomes, summary, { seed: opts.seed, weeks: opts.weeks, tasksPerWeek: opts.tasksPerWeek })}\n`);
    const { db } = await import("@/server/db");
    await db.$disconnect();
    await stop();
    process.exit(0);
  }
  const { workspaceSlug, ...result } = await runLab({ ...opts, log });
  if (opts.json) writeFileSync(opts.json, `${JSON.stringify(result, null, 2)}\n`);
  if (opts.md) writeFileSync(opts.md, `${markdownReport(result)}\n`);
  if (opts.svg) writeFileSync(opts.svg, chartSvg(result));
  console.log(weeklyTable(result));
  const agreement = result.replayAgreement;
  if (agreement.checked) console.log(`replay check vs the next week: ${agreement.agreed} of ${agreement.checked} approved versions as predicted`);
  for (const p of result.probations ?? []) {
    const acceptance = p.effects.acceptance?.diff;
    const effect = acceptance == null ? "" : `, acceptance ${acceptance >= 0 ? "+" : "−"}${Math.abs(Math.round(acceptance * 100))} points (${p.runs.candidate} vs ${p.runs.baseline} runs)`;
    console.log(`probation v${p.version} vs v${p.baseline} (from week ${p.week + 1}${p.saboteur ? ", the saboteur's" : ""}): ${p.outcome.replace("_", " ")}${p.harmDetected ? `, harm found after ${p.detectedAfterWeeks} week(s)` : ""}${effect}`);
  }
  const dm = result.decisionModel;
  if (dm) console.log(`decision model: ${dm.fits} fits; newest week predicted from the weeks before: ${Object.entries(dm.heldOut).map(([k, h]) => `${k} ${Math.round(h.accuracy * 100)}% of ${h.rows} (majority ${Math.round(h.baseline * 100)}%, calibration error ${h.calibrationError.toFixed(2)})`).join("; ") || "—"}${dm.signals.length ? `\n  ${dm.signals.join("\n  ")}` : ""}`);
  const graded = result.hypotheses.filter((h) => h.outcome !== "open");
  console.log(`hypotheses: ${result.hypotheses.length} recorded, ${graded.length} graded (${["confirmed", "refuted", "inconclusive"].map((o) => `${graded.filter((h) => h.outcome === o).length} ${o}`).join(", ")}); calibration: ${describeCalibration(result.calibration)}; recomputed from raw rows: ${result.hypothesisRecomputation.agreed} of ${result.hypothesisRecomputation.checked} agree`);
  log(`${result.weeks.length} week${result.weeks.length === 1 ? "" : "s"} in ${(result.durationMs / 1000).toFixed(1)} s (workspace ${workspaceSlug}${database.embedded ? ", discarded with the database" : ""})`);
  const { db } = await import("@/server/db");
  await db.$disconnect();
} catch (e) {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  exitCode = 1;
} finally {
  await stop();
}
process.exit(exitCode);
