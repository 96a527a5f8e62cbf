import type { ModelRegistry } from "@/ai/models";
import { labCalendar } from "./calendar";
import { loadTickets, ticketStream } from "./corpus";
import { withLabJobs } from "./jobs";
import { labModels } from "./models";
import { hypothesesReport } from "./hypotheses";
import { checkLabProbations, configureProbation, LAB_PROBATION, probationResults, SABOTEUR_SHARE, sabotage } from "./probation";
import { decisionModelReport } from "./decision-model";
import { loadTeam } from "./personas/load";
import { streams } from "./random";
import { versionResults, weekResult, type LabResult, replayAgreement } from "./result";
import { ritualWeek, type ProposalRecord } from "./ritual-week";
import { setUpLab } from "./setup";
import { startExternalAgents } from "./external/agents";
import { RefineConfigSchema } from "@/features/templates/schemas";
import { db } from "@/server/db";
import { workWeek, type WeekContext } from "./work-week";
import { acceptanceRate, meanRating } from "./tally";

// The lab: a simulated team fast-forwarded week by week on the product's own services — tickets
// worked by agents, reviewed by personas with hidden preferences, a weekly ritual per template
// whose proposals are replayed and decided by a simulated owner — measuring whether the agents
// get better from the feedback. The database is whatever DATABASE_URL names when this module is
// loaded (scripts/lab.ts starts a throwaway one); the run writes only its own new workspace.

export type LabOptions = {
  weeks: number;
  seed: number;
  /** The persona file (docs/LAB.md); reported as given. */
  personas: string;
  tickets?: string;
  tasksPerWeek: number;
  /** Use the configured models (getModel) instead of the built-in ones. */
  provider?: boolean;
  /** With `provider`: where the models come from (default: the registry the environment configures). */
  registry?: ModelRegistry;
  /** Share of instances kept on the previous version when a version is promoted (0: no probation, the default, so runs repeat exactly). */
  probationShare?: number;
  /** After this week's ritual the owner saves a deliberately harmful version (probation on, share 0.5 unless given). */
  saboteur?: number;
  /** The task agents run as the team's own code would, through the typed client (external/agents.ts). */
  external?: boolean;
  /** Progress lines (stderr in the CLI). */
  log?: (line: string) => void;
};

export async function runLab(options: LabOptions): Promise<LabResult & { workspaceSlug: string }> {
  const started = performance.now();
  const team = loadTeam(options.personas);
  const tickets = loadTickets(options.tickets);
  const rng = streams(options.seed);
  const calendar = labCalendar(options.weeks);
  const log = options.log ?? (() => {});
  return withLabJobs(async () => {
    const ws = await setUpLab(team, options.seed, calendar);
    log(`workspace ${ws.slug}: ${team.team}, ${team.reviewers.length} reviewers, owner ${team.owner.name} (${team.owner.approve})`);
    const models = labModels(options.provider ?? false, options.registry);
    const external = options.external ? await startExternalAgents(ws, models.task, await templateRefineConfig(ws.templateId)) : undefined;
    try {
      return await simulate({ ws, team, calendar, models, rng, external }, tickets, options, started, log);
    } finally {
      await external?.close();
    }
  });
}

/** The weeks of work and rituals, then the results. */
async function simulate(ctx: WeekContext, tickets: ReturnType<typeof loadTickets>, options: LabOptions, started: number, log: (line: string) => void): Promise<LabResult & { workspaceSlug: string }> {
  const { ws, team, calendar, rng } = ctx;
  const share = options.probationShare ?? (options.saboteur ? SABOTEUR_SHARE : LAB_PROBATION.share);
  // With the saboteur, probation starts with its version: the team learns undisturbed until then,
  // so the sabotage throws away real progress (unless a share was asked for from the start).
  const lateStart = options.saboteur !== undefined && options.probationShare === undefined;
  await configureProbation(ws.templateId, { ...LAB_PROBATION, share: lateStart ? 0 : share });
  let saboteurVersion: number | null = null;
  const nextTickets = ticketStream(tickets, rng);
  const weeks = [];
  const proposals: ProposalRecord[] = [];
  for (let week = 1; week <= options.weeks; week++) {
    const tally = await workWeek(ctx, week, nextTickets(options.tasksPerWeek));
    if (share > 0) await checkLabProbations(ctx, week);
    const ritual = await ritualWeek(ctx, week);
    if (options.saboteur === week) {
      if (lateStart) await configureProbation(ws.templateId, { ...LAB_PROBATION, share });
      saboteurVersion = await sabotage(ctx, week);
      log(`week ${week}: the saboteur saved v${saboteurVersion}`);
    }
    tally.ritual = ritual.ritual;
    proposals.push(...ritual.proposals);
    weeks.push(weekResult(tally));
    const rate = acceptanceRate(tally);
    const rating = meanRating(tally);
    log(`week ${week}/${options.weeks} on v${tally.version}: ${tally.tasks} tasks, ${tally.proposals} proposals, acceptance ${rate === null ? "—" : `${Math.round(rate * 100)}%`}, mean rating ${rating ?? "—"}; ritual ${ritual.ritual.status}${ritual.ritual.approved.length ? `, approved ${ritual.ritual.approved.map((v) => `v${v}`).join(", ")}` : ""}`);
  }
  // The ledger as it stands after the last ritual (graded at each ritual after a check date).
  const ledger = await hypothesesReport(ctx, calendar);
  return {
    team: team.team,
    personas: options.personas,
    seed: options.seed,
    models: options.provider ? ("provider" as const) : ("built-in" as const),
    tasksPerWeek: options.tasksPerWeek,
    weeks,
    versions: versionResults(ws.initialDirectives, proposals),
    replayAgreement: replayAgreement(weeks, versionResults(ws.initialDirectives, proposals)),
    hypotheses: ledger.rows,
    calibration: ledger.calibration,
    hypothesisRecomputation: ledger.recomputation,
    decisionModel: await decisionModelReport(ws.workspaceId, ws.templateId),
    ...(share > 0 ? { probationShare: share, saboteur: options.saboteur ?? null, probations: await probationResults(ctx, calendar, saboteurVersion) } : {}),
    ...(options.external ? { external: true } : {}),
    durationMs: Math.round(performance.now() - started),
    workspaceSlug: ws.slug,
  };
}

async function templateRefineConfig(templateId: string) {
  const t = await db.agentTemplate.findUniqueOrThrow({ where: { id: templateId }, select: { refineConfig: true } });
  return RefineConfigSchema.parse(t.refineConfig);
}
