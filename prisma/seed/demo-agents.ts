// The demo workspace's agents: two task-agent templates with their version history, ~30 tasks
// with one agent each, and six weeks of runs (rated and scored), observations, reports and change
// sets with decisions, plus the one-on-ones whose approvals made the agent-authored versions
// (one-on-ones.ts). Built in memory from a seeded PRNG (same content on every machine; the
// timestamps are relative to now) and written with createMany in one transaction.
//
// Written straight with the Prisma client (the services import "server-only"), so this file keeps
// the invariants the services keep; see the comments marked INVARIANT.
import type { Prisma, PrismaClient, Verdict } from "../../src/generated/prisma/client";
import { acknowledge, buildOneOnOnes } from "./one-on-ones";
import { clamp, createIdFactory, createRng, round, type Rng } from "./random";
import { releaseNotes } from "./release-notes";
import { supportTriage } from "./support-triage";
import type { Domain, ObservationKind, TaskSpec, Users } from "./types";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Items proposed by open / in-progress tasks' agents this recently are left for the decision inbox. */
const INBOX_WINDOW = 72 * HOUR;
const QUALITY_THRESHOLD = 0.9;
const MAX_ITERATIONS = 5;

export const DEMO_DOMAINS: Domain[] = [supportTriage, releaseNotes];

type Rows = {
  templates: Prisma.AgentTemplateCreateManyInput[];
  versions: Prisma.TemplateVersionCreateManyInput[];
  tasks: Prisma.TaskCreateManyInput[];
  agents: Prisma.AgentCreateManyInput[];
  states: Prisma.AgentStateCreateManyInput[];
  runs: Prisma.WakeRunCreateManyInput[];
  iterations: Prisma.RefineIterationCreateManyInput[];
  messages: Prisma.AgentMessageCreateManyInput[];
  reports: Prisma.AgentReportCreateManyInput[];
  changeSets: Prisma.ChangeSetCreateManyInput[];
  items: Prisma.ChangeItemCreateManyInput[];
  decisions: Prisma.ChangeDecisionCreateManyInput[];
};

type Decision = { verdict: Verdict; reason: string | null; at: number; by: string };
type Proposal =
  | { tool: "propose_estimate"; minutes: number; summary: string; decisions: Decision[] }
  | { tool: "propose_checklist_items"; items: string[]; summary: string; decisions: Decision[] }
  | { tool: "propose_status"; status: "in_progress" | "done"; summary: string; decisions: Decision[] };

const formatMinutes = (m: number) => (m < 60 ? `${m} min` : m % 60 === 0 ? `${m / 60} h` : `${Math.floor(m / 60)} h ${m % 60} min`);
const hex = (r: Rng, n: number) => Array.from({ length: n }, () => r.int(0, 15).toString(16)).join("");

/** Builds every row of the demo agents in memory. Pure apart from `newId`. */
export function buildDemoData({ workspaceId, users, now, newId, seed = 20261121 }: { workspaceId: string; users: Users; now: number; newId: () => string; seed?: number }): Rows {
  const r = createRng(seed);
  const rows: Rows = { templates: [], versions: [], tasks: [], agents: [], states: [], runs: [], iterations: [], messages: [], reports: [], changeSets: [], items: [], decisions: [] };
  const deciders = [users.admin, users.member, users.admin, users.member, users.owner];
  const creators = [users.owner, users.admin, users.member];
  const past = (t: number, margin = 5 * MIN) => Math.min(t, now - margin);

  for (const domain of DEMO_DOMAINS) {
    // ---- template and versions ---------------------------------------------------------------
    const templateId = newId();
    const versions = domain.versions.map((v, i) => ({
      id: newId(),
      number: i + 1, // INVARIANT: numbers start at 1, monotonic per template
      createdAt: now - v.daysAgo * DAY + r.int(9 * 60, 17 * 60) * MIN - 12 * HOUR,
      spec: v,
    }));
    const templateCreated = versions[0].createdAt - 2 * MIN;
    rows.templates.push({
      id: templateId,
      workspaceId,
      name: domain.name,
      description: domain.description,
      kind: "taskAgent",
      level: 0,
      modelId: "default",
      refineConfig: { gates: domain.gates, qualityThreshold: QUALITY_THRESHOLD, maxIterations: MAX_ITERATIONS, models: {} },
      createdAt: new Date(templateCreated),
      updatedAt: new Date(templateCreated),
    });
    versions.forEach((v, i) => {
      rows.versions.push({
        id: v.id,
        workspaceId,
        templateId,
        number: v.number,
        directives: v.spec.directives,
        authoredBy: v.spec.authoredBy,
        authorUserId: v.spec.authoredBy === "user" ? (users.byEmail.get(v.spec.authorEmail ?? "") ?? users.admin) : null,
        rationale: v.spec.rationale,
        parentVersionId: i === 0 ? null : versions[i - 1].id, // INVARIANT: each version derives from the previous head
        createdAt: new Date(v.createdAt),
      });
    });
    // INVARIANT: a run records the version that was head when it started.
    const versionAt = (t: number) => versions.findLast((v) => v.createdAt <= t) ?? versions[0];
    const progress = (v: { number: number }) => (versions.length === 1 ? 1 : (v.number - 1) / (versions.length - 1));

    for (const task of domain.tasks) {
      buildTask(domain, task, templateId, versionAt, progress);
    }
  }

  function buildTask(domain: Domain, task: TaskSpec, templateId: string, versionAt: (t: number) => { id: string; number: number; createdAt: number }, progress: (v: { number: number }) => number) {
    const taskId = newId();
    const agentId = newId();
    const created = now - task.daysAgo * DAY - r.int(1, 8) * HOUR - r.int(0, 59) * MIN;
    const ageDays = (now - created) / DAY;
    const isDone = task.status === "done";
    const plannedDone = isDone ? created + (task.doneAfterDays ?? 3) * DAY + r.int(-4, 4) * HOUR : null;
    const lastRunAt = plannedDone ? plannedDone - r.int(1, 5) * HOUR : now - r.int(1, 10) * HOUR;
    const runCount = isDone
      ? Math.min(18, Math.max(3, Math.round((task.doneAfterDays ?? 3) * 2) + r.int(1, 3)))
      : task.status === "in_progress"
        ? Math.min(20, Math.max(4, Math.round(ageDays * 0.9) + r.int(2, 4)))
        : Math.min(6, Math.max(2, Math.round(ageDays * 1.2) + 1));

    // ---- runs (with refine iterations), observations, reports --------------------------------
    type RunInfo = { id: string; startedAt: number; finishedAt: number; ok: boolean; quality: number | null };
    const runs: RunInfo[] = [];
    const span = lastRunAt - (created + 5_000);
    let consecutiveFailures = 0;
    for (let i = 0; i < runCount; i++) {
      const slot = span / Math.max(1, runCount - 1);
      const startedAt = i === 0 ? created + 5_000 : Math.round(created + 5_000 + slot * i + r.float(-0.3, 0.3) * slot * (i === runCount - 1 ? 0 : 1));
      const version = versionAt(startedAt);
      const p = progress(version);
      const ok = i === 0 || !r.chance(0.06);
      const runId = newId();
      // Self-refine loop: gate values improve per iteration; score = Σ weight × min(1, value / threshold).
      let quality: number | null = null;
      let iterationCount: number | null = null;
      const iterationRows: Prisma.RefineIterationCreateManyInput[] = [];
      if (ok) {
        const base = 0.5 + 0.24 * p + r.gauss(0.06);
        let best = 0;
        for (let it = 1; it <= MAX_ITERATIONS; it++) {
          const gateScores = domain.gates.map((g) => {
            const value = round(clamp(base + 0.035 * (it - 1) + r.gauss(0.07), 0.2, 1), 2);
            const short = value < g.threshold;
            // As the self-refine loop stores it: the evaluator's value and the gate's credit.
            const credit = short ? round(value / g.threshold, 3) : 1;
            return { name: g.name, value, score: credit, threshold: g.threshold, weight: g.weight, feedback: short ? r.pick(domain.gateFeedback[g.name] ?? [""]) : "" };
          });
          const score = round(gateScores.reduce((s, g) => s + g.weight * g.score, 0), 3);
          best = Math.max(best, score);
          const failing = gateScores.filter((g) => g.feedback);
          iterationRows.push({
            id: newId(),
            workspaceId,
            wakeRunId: runId,
            index: it,
            score,
            gateScores,
            feedback: failing.length ? failing.map((g) => `${g.name}: ${g.feedback}`).join(" ") : "All gates pass.",
            createdAt: new Date(startedAt + it * r.int(4, 12) * 1000),
          });
          if (score >= QUALITY_THRESHOLD) break;
        }
        quality = best;
        iterationCount = iterationRows.length;
      }
      const durationMs = ok ? (iterationCount ?? 1) * r.int(5_000, 14_000) + r.int(1_000, 4_000) : r.int(60_000, 125_000);
      const finishedAt = startedAt + durationMs;
      const reason = i === 0 ? "creation" : r.weighted(["subscription", "scheduled", "manual", "reanalysis"] as const, (x) => ({ subscription: 0.55, scheduled: 0.2, manual: 0.15, reanalysis: 0.1 })[x]);
      // People rate most runs, fewer of the latest ones; ratings track quality and version.
      let rating: number | null = null;
      let ratedAt: number | null = null;
      let ratedById: string | null = null;
      if (ok && finishedAt < now - 6 * HOUR && r.chance(now - finishedAt < 3 * DAY ? 0.45 : 0.72)) {
        const raw = 0.52 + 0.3 * p + 1.2 * ((quality ?? 0.8) - (0.8 + 0.1 * p)) + r.gauss(0.15);
        rating = Math.round(clamp(raw) * 4) / 4;
        ratedAt = past(finishedAt + r.int(10, 20 * 60) * MIN);
        ratedById = r.pick(deciders);
      }
      rows.runs.push({
        id: runId,
        workspaceId,
        agentId,
        templateId,
        templateVersionId: version.id,
        reason,
        status: ok ? "succeeded" : "failed",
        startedAt: new Date(startedAt),
        finishedAt: new Date(finishedAt),
        durationMs,
        inputTokens: ok ? r.int(2_400, 9_000) * (iterationCount ?? 1) : r.int(2_400, 9_000),
        outputTokens: ok ? r.int(300, 1_400) * (iterationCount ?? 1) : 0,
        userRating: rating,
        ratedAt: ratedAt === null ? null : new Date(ratedAt),
        ratedById,
        qualityScore: quality,
        iterations: iterationCount,
        error: ok ? null : r.pick(domain.failureErrors),
      });
      rows.iterations.push(...iterationRows);
      consecutiveFailures = ok ? 0 : consecutiveFailures + 1;
      runs.push({ id: runId, startedAt, finishedAt, ok, quality });

      // Observations: the mix of kinds shifts with the version (fewer complaints later), and topics a
      // version addresses ("fixedBy") fade from complaints and show up in praise.
      const noteCount = ok ? r.int(5, 12) : 1;
      for (let n = 0; n < noteCount; n++) {
        const at = startedAt + Math.round(((n + 1) / (noteCount + 1)) * durationMs);
        let text: string;
        if (!ok) {
          text = `Run failed: ${(rows.runs.at(-1)!.error as string).replace(/\.$/, "")}. Will retry on the next wake.`;
        } else {
          const kind = r.weighted(["praise", "complaint", "correction", "ambiguity", "question", "info"] as ObservationKind[], (k) =>
            ({ praise: 0.16 + 0.18 * p, complaint: 0.22 - 0.1 * p, correction: 0.15 - 0.06 * p, ambiguity: 0.13, question: 0.1, info: 0.24 })[k],
          );
          const template = r.weighted(domain.observations.filter((o) => o.kind === kind && (!o.when || o.when(task.ctx))), (o) =>
            !o.fixedBy ? 1 : version.number >= o.fixedBy ? (kind === "praise" ? 1.6 : 0.12) : kind === "praise" ? 0.25 : 1.4,
          );
          const ctx = { ...task.ctx, ...domain.extra(r, task.ctx) };
          const prefix = r.chance(0.2) ? r.pick(prefixes[kind]) : "";
          const raw = template.text(ctx, r);
          const body = raw.charAt(0).toUpperCase() + raw.slice(1);
          // A colon introduces a full sentence, so the body keeps its capital (and its proper nouns).
          text = `${prefix}${body}${r.chance(0.35) ? r.pick(domain.tails[kind] ?? [""]) : ""}`;
        }
        rows.messages.push({ id: newId(), workspaceId, agentId, templateId, kind: "observation", text, wakeRunId: runId, createdAt: new Date(at) });
      }
      if (ok && (i === 0 || (isDone && i === runCount - 1) || r.chance(0.3))) {
        rows.reports.push({
          id: newId(),
          workspaceId,
          agentId,
          templateId,
          wakeRunId: runId,
          scope: "current",
          markdown: domain.report(task, r, quality ?? 0.7),
          confidence: round(clamp((quality ?? 0.7) - 0.1 + r.gauss(0.07), 0.2, 0.98), 2),
          createdAt: new Date(finishedAt - 1_000),
        });
      }
    }

    // ---- proposals and decisions, consistent with the task's final state ----------------------
    const ok = runs.filter((x) => x.ok);
    const plan = new Map<RunInfo, Proposal[]>();
    const add = (run: RunInfo, proposal: Proposal) => plan.set(run, [...(plan.get(run) ?? []), proposal]);
    const decide = (run: RunInfo, verdict: Verdict, reasons: string[] | null, delay = r.int(15, 20 * 60) * MIN): Decision => ({
      verdict,
      reason: reasons ? r.pick(reasons) : verdict === "confirmed" && r.chance(0.15) ? r.pick(domain.reasons.confirmed) : null,
      at: past(run.finishedAt + delay),
      by: r.pick(deciders),
    });
    const estimateSummary = (m: number) => `Estimate ${formatMinutes(m)}: ${r.pick(domain.estimateReasons)}`;
    const checklistSummary = (items: string[]) => `Add ${items.length} checklist item${items.length > 1 ? "s" : ""}: ${items.join("; ")}`;

    // First run: estimate and the task's checklist.
    const first = ok[0];
    const second = ok[1] ?? ok[0];
    if (r.chance(0.3) && ok.length > 1) {
      const factor = r.pick([0.3, 0.5, 2.5, 3]);
      const wrong = Math.max(10, Math.round((task.estimateMinutes * factor) / 5) * 5);
      const reasons = factor < 1 ? domain.reasons.estimateTooLow : domain.reasons.estimateTooHigh;
      add(first, { tool: "propose_estimate", minutes: wrong, summary: estimateSummary(wrong), decisions: [decide(first, "rejected", reasons)] });
      add(second, { tool: "propose_estimate", minutes: task.estimateMinutes, summary: estimateSummary(task.estimateMinutes), decisions: [decide(second, "confirmed", null)] });
    } else {
      add(first, { tool: "propose_estimate", minutes: task.estimateMinutes, summary: estimateSummary(task.estimateMinutes), decisions: [decide(first, "confirmed", null)] });
    }
    add(first, { tool: "propose_checklist_items", items: task.checklist, summary: checklistSummary(task.checklist), decisions: [decide(first, "confirmed", null)] });

    // Status transitions.
    if (task.status !== "open" && ok.length > 1) {
      const k = Math.max(1, Math.floor(ok.length * 0.2));
      add(ok[k], { tool: "propose_status", status: "in_progress", summary: r.pick(domain.statusSummaries.in_progress), decisions: [decide(ok[k], "confirmed", null, r.int(10, 90) * MIN)] });
    }
    if (isDone && ok.length > 3 && r.chance(0.45)) {
      const mid = ok[Math.floor(ok.length * 0.6)];
      add(mid, { tool: "propose_status", status: "done", summary: r.pick(domain.statusSummaries.premature), decisions: [decide(mid, "rejected", domain.reasons.statusRejected)] });
    }
    const last = ok.at(-1)!;
    if (isDone) {
      add(last, { tool: "propose_status", status: "done", summary: r.pick(domain.statusSummaries.done), decisions: [decide(last, "confirmed", null, r.int(30, 6 * 60) * MIN)] });
    } else if (task.status === "open" && ok.length > 1) {
      add(last, { tool: "propose_status", status: "in_progress", summary: r.pick(domain.statusSummaries.in_progress), decisions: [] });
    } else if (task.status === "in_progress" && r.chance(0.6)) {
      add(last, { tool: "propose_status", status: "done", summary: r.pick(domain.statusSummaries.premature), decisions: [] });
    }

    // Extra checklist proposals along the way, from the domain's pool.
    for (const run of ok.slice(1, -1)) {
      if (!r.chance(0.2)) continue;
      const picked = r.sample(domain.checklistPool, r.int(1, 2));
      const items = picked.map((x) => x.text);
      const refusals = picked.flatMap((x) => x.rejected);
      const roll = r.next();
      const decisions =
        roll < 0.5 ? [decide(run, "confirmed", null)]
        : roll < 0.78 ? [decide(run, "rejected", refusals)]
        : [decide(run, "deferred", domain.reasons.deferred)];
      // Deferred long ago on a finished task: decided later.
      if (decisions[0].verdict === "deferred" && (isDone || now - run.finishedAt > 12 * DAY)) {
        decisions.push({ ...decide(run, r.chance(0.6) ? "confirmed" : "rejected", null, 0), at: past(decisions[0].at + r.int(1, 3) * DAY) });
        if (decisions[1].verdict === "rejected") decisions[1].reason = r.pick(refusals);
      }
      add(run, { tool: "propose_checklist_items", items, summary: checklistSummary(items), decisions });
    }

    // Some proposals on unfinished tasks were put off ("deferred") and still wait for a decision.
    if (task.status === "in_progress" && r.chance(0.75)) {
      const candidates = [...plan].flatMap(([run, ps]) => ps.filter((x) => x.tool !== "propose_status" && x.decisions.length && now - run.finishedAt >= INBOX_WINDOW).map((x) => ({ run, x })));
      const chosen = candidates.length ? r.pick(candidates) : null;
      if (chosen) chosen.x.decisions = [decide(chosen.run, "deferred", domain.reasons.deferred)];
    }

    // Recent proposals on unfinished tasks wait in the inbox.
    if (!isDone) {
      for (const [run, proposals] of plan) {
        if (now - run.finishedAt < INBOX_WINDOW) for (const p of proposals) p.decisions = [];
      }
    }

    // Write change sets, items, decisions; fold confirmed proposals into the task.
    let estimate: number | null = null;
    const confirmedChecklist: { at: number; items: string[] }[] = [];
    let completedAt: number | null = null;
    let updatedAt = created;
    for (const [run, proposals] of [...plan].sort((a, b) => a[0].finishedAt - b[0].finishedAt)) {
      const setId = newId();
      const setAt = run.finishedAt - 500;
      rows.changeSets.push({ id: setId, workspaceId, agentId, templateId, taskId, wakeRunId: run.id, createdAt: new Date(setAt) });
      for (const p of proposals) {
        const itemId = newId();
        const args = p.tool === "propose_estimate" ? { minutes: p.minutes } : p.tool === "propose_checklist_items" ? { items: p.items } : { status: p.status };
        const latest = p.decisions.at(-1);
        // INVARIANT: the item's status is its latest decision's verdict (pending without one).
        rows.items.push({ id: itemId, workspaceId, changeSetId: setId, agentId, templateId, tool: p.tool, args, summary: p.summary, status: latest?.verdict ?? "pending", createdAt: new Date(setAt), decidedAt: latest ? new Date(latest.at) : null });
        for (const d of p.decisions) {
          rows.decisions.push({ id: newId(), workspaceId, changeItemId: itemId, agentId, templateId, tool: p.tool, verdict: d.verdict, reason: d.reason, decidedById: d.by, decidedAt: new Date(d.at) });
          updatedAt = Math.max(updatedAt, d.at);
        }
        if (latest?.verdict !== "confirmed") continue;
        if (p.tool === "propose_estimate") estimate = p.minutes;
        if (p.tool === "propose_checklist_items") confirmedChecklist.push({ at: latest.at, items: p.items });
        if (p.tool === "propose_status" && p.status === "done") completedAt = latest.at;
      }
    }
    const checklistTexts = confirmedChecklist.sort((a, b) => a.at - b.at).flatMap((c) => c.items);
    const doneCount = isDone ? checklistTexts.length : task.status === "in_progress" ? Math.ceil(checklistTexts.length * 0.4) : 0;
    // INVARIANT: completedAt is set iff the task is done (the time its "done" proposal was confirmed).
    rows.tasks.push({
      id: taskId,
      workspaceId,
      title: task.title,
      description: task.description,
      status: task.status,
      checklist: checklistTexts.map((text, i) => ({ id: hex(r, 12), text, done: i < doneCount })),
      estimateMinutes: estimate,
      createdById: r.pick(creators),
      createdAt: new Date(created),
      updatedAt: new Date(Math.max(updatedAt, created)),
      completedAt: isDone ? new Date(completedAt ?? past(lastRunAt + HOUR)) : null,
    });
    const lastRun = runs.at(-1)!;
    rows.agents.push({
      id: agentId,
      workspaceId,
      kind: "taskAgent",
      displayName: `${domain.agentPrefix} · ${task.title.length > 60 ? `${task.title.slice(0, 59).trimEnd()}…` : task.title}`,
      lifecycle: isDone ? "dormant" : "active",
      templateId,
      taskId,
      createdAt: new Date(created + 1_000),
      updatedAt: new Date(lastRun.finishedAt),
    });
    // INVARIANT: every agent has its state row, consistent with its run log.
    rows.states.push({
      agentId,
      workspaceId,
      revision: runs.length,
      lastWakeAt: new Date(lastRun.finishedAt),
      wakeCounter: runs.length,
      consecutiveFailureCount: consecutiveFailures,
      updatedAt: new Date(lastRun.finishedAt),
    });
  }

  return rows;
}

const prefixes: Record<ObservationKind, string[]> = {
  praise: ["Positive feedback: ", "Good signal: "],
  complaint: ["Feedback: ", "From the review: ", "User feedback: "],
  correction: ["Correction: ", "Fixed by a reviewer: "],
  ambiguity: ["Ambiguity: ", "Unsure: "],
  question: ["Open question: ", "Question for the team: "],
  info: ["FYI: ", "Context: "],
};

export type SeedResult = { skipped: true } | { skipped: false; counts: Record<string, number> };

/**
 * Seeds the demo agents and their past one-on-ones into `workspaceId` unless it already has
 * templates. All rows go in one transaction: a failed seed leaves nothing half-written (and is
 * retried on the next run).
 */
export async function seedDemoAgents(prisma: PrismaClient, { workspaceId, users }: { workspaceId: string; users: Users }): Promise<SeedResult> {
  if (await prisma.agentTemplate.findFirst({ where: { workspaceId }, select: { id: true } })) return { skipped: true };
  const newId = createIdFactory();
  const rows = buildDemoData({ workspaceId, users, now: Date.now(), newId });
  const oneOnOnes = buildOneOnOnes({ domains: DEMO_DOMAINS, source: rows, workspaceId, users, newId });
  // Rows go in time order so each table's change counter follows its timestamps.
  const byTime = <T,>(list: T[], at: (x: T) => Date | string | null | undefined) => list.sort((a, b) => +new Date(at(a) ?? 0) - +new Date(at(b) ?? 0));
  byTime(rows.runs, (x) => x.startedAt);
  byTime(rows.messages, (x) => x.createdAt);
  byTime(rows.reports, (x) => x.createdAt);
  byTime(rows.changeSets, (x) => x.createdAt);
  byTime(rows.items, (x) => x.createdAt);
  byTime(rows.decisions, (x) => x.decidedAt);
  byTime(rows.tasks, (x) => x.createdAt);
  byTime(rows.agents, (x) => x.createdAt);
  // The change counter is one sequence over every tracked table, so it follows time across tables
  // only if rows are written in time order: each table in time order, and all tables in phases cut
  // where a seeded session started. The counter read at a cut is what that session covered.
  const cuts = [...oneOnOnes.starts].sort((a, b) => a.at - b.at);
  const phases = splitPhases(rows, cuts.map((c) => c.at));
  const counterAtStart = new Map<string, bigint>();

  await prisma.$transaction(
    async (tx) => {
      await tx.agentTemplate.createMany({ data: rows.templates });
      for (const [i, phase] of phases.entries()) {
        await writePhase(tx, phase);
        if (i === cuts.length) break;
        const [{ value }] = await tx.$queryRaw<{ value: bigint }[]>`SELECT "last_value" AS "value" FROM "change_counter_seq"`;
        counterAtStart.set(cuts[i].sessionId, value);
      }
      await tx.agentState.createMany({ data: rows.states });
      acknowledge(oneOnOnes, counterAtStart);
      await tx.evolutionSession.createMany({ data: oneOnOnes.sessions });
      await tx.proposal.createMany({ data: oneOnOnes.proposals });
      await tx.evolutionMessage.createMany({ data: oneOnOnes.messages });
      await tx.evolutionNote.createMany({ data: oneOnOnes.notes });
      await tx.hypothesis.createMany({ data: oneOnOnes.hypotheses });
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  return {
    skipped: false,
    counts: {
      templates: rows.templates.length,
      versions: rows.versions.length,
      tasks: rows.tasks.length,
      runs: rows.runs.length,
      rated: rows.runs.filter((x) => x.userRating != null).length,
      observations: rows.messages.length,
      reports: rows.reports.length,
      changeSets: rows.changeSets.length,
      items: rows.items.length,
      decisions: rows.decisions.length,
      pending: rows.items.filter((x) => x.status === "pending").length,
      deferred: rows.items.filter((x) => x.status === "deferred").length,
      "one-on-ones": oneOnOnes.sessions.length,
      proposals: oneOnOnes.proposals.length,
      "improver notes": oneOnOnes.notes.length,
      "predictions": oneOnOnes.hypotheses.length,
      "chat messages": oneOnOnes.messages.length,
    },
  };
}

type Phase = Omit<Rows, "templates" | "states">;

const emptyPhase = (): Phase => ({ versions: [], tasks: [], agents: [], runs: [], iterations: [], messages: [], reports: [], changeSets: [], items: [], decisions: [] });

/**
 * Splits the rows at the cut times: a row goes in the phase of its own time, or later if a row it
 * references went later (a decision never precedes its item). Each table keeps its time order.
 */
function splitPhases(rows: Rows, cuts: number[]): Phase[] {
  const phases = Array.from({ length: cuts.length + 1 }, emptyPhase);
  const phaseOfTime = (at: Date | string | null | undefined) => {
    const t = +new Date(at ?? 0);
    let p = 0;
    while (p < cuts.length && t > cuts[p]) p++;
    return p;
  };
  const placed = new Map<string, number>();
  function place<T extends { id?: string }>(list: T[], into: (p: Phase) => T[], at: (x: T) => Date | string | null | undefined, parents: (x: T) => (string | null | undefined)[]) {
    for (const x of list) {
      const p = Math.max(phaseOfTime(at(x)), ...parents(x).map((id) => (id ? (placed.get(id) ?? 0) : 0)));
      placed.set(x.id!, p);
      into(phases[p]).push(x);
    }
  }
  place(rows.versions, (p) => p.versions, (x) => x.createdAt, (x) => [x.parentVersionId]);
  place(rows.tasks, (p) => p.tasks, (x) => x.createdAt, () => []);
  place(rows.agents, (p) => p.agents, (x) => x.createdAt, (x) => [x.taskId]);
  place(rows.runs, (p) => p.runs, (x) => x.startedAt, (x) => [x.agentId, x.templateVersionId]);
  place(rows.iterations, (p) => p.iterations, (x) => x.createdAt, (x) => [x.wakeRunId]);
  place(rows.messages, (p) => p.messages, (x) => x.createdAt, (x) => [x.agentId, x.wakeRunId]);
  place(rows.reports, (p) => p.reports, (x) => x.createdAt, (x) => [x.agentId, x.wakeRunId]);
  place(rows.changeSets, (p) => p.changeSets, (x) => x.createdAt, (x) => [x.agentId, x.taskId, x.wakeRunId]);
  place(rows.items, (p) => p.items, (x) => x.createdAt, (x) => [x.changeSetId]);
  place(rows.decisions, (p) => p.decisions, (x) => x.decidedAt, (x) => [x.changeItemId]);
  return phases;
}

async function writePhase(tx: Prisma.TransactionClient, phase: Phase) {
  if (phase.versions.length) await tx.templateVersion.createMany({ data: phase.versions });
  // INVARIANT: the head is the newest version (moved as versions are written, like createTemplateVersion).
  for (const head of new Map(phase.versions.map((v) => [v.templateId, v])).values()) {
    await tx.agentTemplate.update({ where: { id: head.templateId }, data: { headVersionId: head.id, updatedAt: head.createdAt } });
  }
  if (phase.tasks.length) await tx.task.createMany({ data: phase.tasks });
  if (phase.agents.length) await tx.agent.createMany({ data: phase.agents });
  if (phase.runs.length) await tx.wakeRun.createMany({ data: phase.runs });
  if (phase.iterations.length) await tx.refineIteration.createMany({ data: phase.iterations });
  if (phase.messages.length) await tx.agentMessage.createMany({ data: phase.messages });
  if (phase.reports.length) await tx.agentReport.createMany({ data: phase.reports });
  if (phase.changeSets.length) await tx.changeSet.createMany({ data: phase.changeSets });
  if (phase.items.length) await tx.changeItem.createMany({ data: phase.items });
  if (phase.decisions.length) await tx.changeDecision.createMany({ data: phase.decisions });
}
