// `npm run lab -- [--weeks N] [--seed S] [--personas FILE] [--json OUT] [--md OUT.md] [--svg OUT.svg]
// [--tasks-per-week K] [--tickets FILE] [--provider] [--probation-share S] [--saboteur WEEK]`: a simulated team fast-forwarded week by week
// on the product's own services (src/lab, docs/LAB.md). Prints the weekly table; writes the JSON,
// Markdown and SVG reports asked for. Progress goes to stderr.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { PersonaError } from "@/lab/personas/expression";
import { loadTeam } from "@/lab/personas/load";
import { openLabDatabase } from "./lib/lab-database";

const USAGE = `usage: npm run lab -- [--weeks 8] [--seed 1] [--personas lab/personas/support-team.json]
                      [--json out.json] [--md out.md] [--svg out.svg] [--tasks-per-week 12]
                      [--tickets lab/tickets.json] [--provider]
                      [--probation-share 0.2] [--saboteur 3]`;

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
        "probation-share": { type: "string" },
        saboteur: { type: "string" },
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
    probationShare: parsed["probation-share"] === undefined ? undefined : share(parsed["probation-share"]),
    saboteur: parsed.saboteur === undefined ? undefined : int("saboteur", parsed.saboteur, 1, 52),
    json: parsed.json,
    md: parsed.md,
    svg: parsed.svg,
  };
}

const opts = options();
// A bad persona file is reported before a database is started.
try {
  loadTeam(opts.personas);
} catch (e) {
  fail(e instanceof PersonaError ? `✖ ${e.message}` : String(e));
}

// The lab runs the jobs itself (src/lab/jobs.ts): no Inngest server takes its events.
for (const key of ["INNGEST_DEV", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY"]) delete process.env[key];
process.env.LOG_LEVEL ||= "error";

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
