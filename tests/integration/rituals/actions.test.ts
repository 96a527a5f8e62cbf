import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { runRitualNowAction } from "@/features/rituals/actions/run-ritual-now";
import { setImproverLifecycleAction } from "@/features/rituals/actions/set-improver-lifecycle";
import { updateTemplateScheduleAction } from "@/features/rituals/actions/update-template-schedule";
import { updateWorkspaceScheduleAction } from "@/features/rituals/actions/update-workspace-schedule";
import { ensureWorkspaceImprovers, getImproverOf } from "@/features/rituals/server/improvers";
import { getRitualReview, getScheduleOverview, getTemplateRitualPanel } from "@/features/rituals/server/queries";
import { advanceRitual, beginRitual } from "@/features/rituals/server";
import { startSession } from "@/features/one-on-one/server";
import { createImproverRitualFunction } from "@/inngest/functions/improver-ritual";
import { createTemplateVersion } from "@/features/templates/server";
import { db } from "@/server/db";
import { makeRejectedEstimates, makeTemplate, makeWorkspace, uid } from "../../factories";
import { actAs } from "../../support/session";
import { statementsDuring } from "../../support/statements";
import { executorsForThisFile, testId } from "../jobs/harness";
import { classifier, scriptedImprover } from "./jobs-fixture";

// The ritual actions through the real action client: who may run, pause and schedule rituals
// (viewer 403, member runs, admin manages, outsider 404, bad input 400 per field), what each one
// writes (an improver-ritual run on the local executor, the lifecycle, recomputed wakes), and the
// read models of the review page and the template panel, scoped by workspace.

async function fixture() {
  const { workspace, owner, members, scope } = await makeWorkspace({ roles: ["admin", "member", "viewer"] });
  const template = await makeTemplate(scope, { name: `Triage ${uid()}`, directives: "You triage support tickets." });
  const improver = (await getImproverOf(workspace.id, template.id))!;
  const meta = await db.agentTemplate.findFirstOrThrow({ where: { workspaceId: workspace.id, kind: "metaImprover" } });
  const level1 = await db.agentTemplate.findFirstOrThrow({ where: { workspaceId: workspace.id, kind: "templateImprover" } });
  const outsider = await makeWorkspace();
  return { workspace, slug: workspace.slug, owner, admin: members.admin!, member: members.member!, viewer: members.viewer!, scope, template, improver, meta, level1, outsider: outsider.owner };
}

type Fixture = Awaited<ReturnType<typeof fixture>>;

/** Rejected proposals from three agents of the template: feedback enough for a ritual to propose. */
const rejectedFeedback = (f: Fixture) => makeRejectedEstimates(f.scope, f.template.id);

/** The role matrix of an admin-only action: members and viewers 403, a user of another workspace 404. */
async function expectAdminsOnly(f: Fixture, call: () => Promise<unknown>) {
  for (const user of [f.member, f.viewer]) {
    actAs(user);
    expect(await call()).toMatchObject({ ok: false, error: { status: 403 } });
  }
  actAs(f.outsider);
  expect(await call()).toMatchObject({ ok: false, error: { status: 404 } });
}

/** The local weekday and hour of `date` in `tz`. */
const localOf = (date: Date, tz: string) => {
  const local = new TZDate(date.getTime(), tz);
  return { weekday: local.getDay(), hour: local.getHours(), minutes: local.getMinutes(), date: local.getDate() };
};

const wakeOf = async (agentId: string) => (await db.agentState.findUniqueOrThrow({ where: { agentId } })).scheduledWakeAt!;

describe("runRitualNowAction", () => {
  const newExecutor = executorsForThisFile();

  /** A ritual function of this file on a local executor, which the action's event is delivered to; drain() runs it. */
  async function ritualExecutor() {
    const fn = createImproverRitualFunction({ id: testId("ritual"), models: { improver: scriptedImprover(), classifier }, notify: async () => undefined });
    const executor = await newExecutor({ functions: [fn], work: false });
    const runsOf = (improverAgentId: string) =>
      db.functionRun.findMany({ where: { functionId: fn.opts.id, event: { path: ["data", "improverAgentId"], equals: improverAgentId } }, orderBy: { createdAt: "asc" } });
    return { executor, runsOf };
  }

  it("members and owners start an improver-ritual run for the template's improver; viewers 403, outsiders 404, bad input 400", async () => {
    const f = await fixture();
    await rejectedFeedback(f); // so the ritual proposes and waits for a person
    const { executor, runsOf } = await ritualExecutor();

    actAs(f.viewer);
    expect(await runRitualNowAction({ workspaceSlug: f.slug, templateId: f.template.id })).toMatchObject({ ok: false, error: { status: 403 } });
    actAs(f.outsider);
    expect(await runRitualNowAction({ workspaceSlug: f.slug, templateId: f.template.id })).toMatchObject({ ok: false, error: { status: 404 } });
    actAs(null);
    expect(await runRitualNowAction({ workspaceSlug: f.slug, templateId: f.template.id })).toMatchObject({ ok: false, error: { status: 401 } });
    expect(await runsOf(f.improver.id)).toEqual([]);

    actAs(f.member);
    expect(await runRitualNowAction({ workspaceSlug: f.slug, templateId: "" })).toMatchObject({ ok: false, error: { status: 400, fieldErrors: { templateId: [expect.any(String)] } } });
    expect(await runRitualNowAction({ workspaceSlug: f.slug, templateId: "no-such-template" })).toMatchObject({ ok: false, error: { status: 404 } });
    const started = await runRitualNowAction({ workspaceSlug: f.slug, templateId: f.template.id });
    expect(started).toEqual({ ok: true, data: { started: true, improverAgentId: f.improver.id } });
    const runs = await runsOf(f.improver.id);
    expect(runs).toEqual([expect.objectContaining({ status: "queued", concurrencyKey: f.improver.id, event: expect.objectContaining({ data: { workspaceId: f.workspace.id, improverAgentId: f.improver.id, reason: "manual", templateId: f.template.id } }) })]);

    // A second click before the ritual opened is a second run; single-flight per improver, it
    // finds the ritual the first one opened and leaves it to it: one ritual, not two.
    actAs(f.owner);
    expect(await runRitualNowAction({ workspaceSlug: f.slug, templateId: f.template.id })).toMatchObject({ ok: true, data: { started: true } });
    expect(await runsOf(f.improver.id)).toHaveLength(2);
    await executor.drain();
    const session = await db.evolutionSession.findFirstOrThrow({ where: { templateId: f.template.id, origin: "ritual" } });
    expect(session.status).toBe("awaiting_review");
    expect((await runsOf(f.improver.id)).map((r) => [r.status, r.output])).toEqual([
      ["waiting", null],
      ["completed", { sessionId: session.id, started: false }],
    ]);
    expect(await db.evolutionSession.count({ where: { templateId: f.template.id, origin: "ritual" } })).toBe(1);
  });

  it("refuses a level-2 template (depth policy), creates the meta-improver for the level-1 template, and never reaches another workspace's template", async () => {
    const f = await fixture();
    const { runsOf } = await ritualExecutor();
    actAs(f.member);
    const refused = await runRitualNowAction({ workspaceSlug: f.slug, templateId: f.meta.id });
    expect(refused).toMatchObject({ ok: false, error: { status: 403, message: expect.stringContaining("improved by people only") } });
    expect(await db.agent.count({ where: { targetTemplateId: f.meta.id } })).toBe(0);

    const level1 = await runRitualNowAction({ workspaceSlug: f.slug, templateId: f.level1.id });
    expect(level1).toMatchObject({ ok: true, data: { started: true } });
    const metaImprover = await db.agent.findFirstOrThrow({ where: { workspaceId: f.workspace.id, kind: "metaImprover", targetTemplateId: f.level1.id } });
    expect(await runsOf(metaImprover.id)).toHaveLength(1);

    // The outsider's own workspace does not reach this template either.
    const other = await makeWorkspace();
    actAs(other.owner);
    expect(await runRitualNowAction({ workspaceSlug: other.workspace.slug, templateId: f.template.id })).toMatchObject({ ok: false, error: { status: 404 } });
  });

  it("returns the ritual already under way; an open one-on-one or a paused improver is a conflict", async () => {
    const f = await fixture();
    const { runsOf } = await ritualExecutor();
    actAs(f.member);
    const { session } = await startSession({ scope: f.scope, templateId: f.template.id });
    expect(await runRitualNowAction({ workspaceSlug: f.slug, templateId: f.template.id })).toMatchObject({ ok: false, error: { status: 409, message: expect.stringContaining(`One-on-one #${session.sessionNumber} is open`) } });
    await db.evolutionSession.update({ where: { id: session.id }, data: { status: "abandoned" } });

    await db.agent.update({ where: { id: f.improver.id }, data: { lifecycle: "dormant" } });
    expect(await runRitualNowAction({ workspaceSlug: f.slug, templateId: f.template.id })).toMatchObject({ ok: false, error: { status: 409, message: expect.stringContaining("paused") } });
    await db.agent.update({ where: { id: f.improver.id }, data: { lifecycle: "active" } });

    const begun = await beginRitual({ workspaceId: f.workspace.id, improverAgentId: f.improver.id });
    expect(await runRitualNowAction({ workspaceSlug: f.slug, templateId: f.template.id })).toEqual({ ok: true, data: { started: false, sessionId: begun.sessionId } });
    expect(await runsOf(f.improver.id)).toEqual([]);
  });
});

describe("setImproverLifecycleAction", () => {
  it("admins pause and resume; members and viewers 403, outsiders 404, bad input 400; resuming moves a missed wake forward", async () => {
    const f = await fixture();
    await expectAdminsOnly(f, () => setImproverLifecycleAction({ workspaceSlug: f.slug, templateId: f.template.id, lifecycle: "dormant" }));
    actAs(f.admin);
    expect(await setImproverLifecycleAction({ workspaceSlug: f.slug, templateId: f.template.id, lifecycle: "destroyed" as "dormant" })).toMatchObject({
      ok: false,
      error: { status: 400, fieldErrors: { lifecycle: ["Choose active or dormant."] } },
    });
    expect((await db.agent.findUniqueOrThrow({ where: { id: f.improver.id } })).lifecycle).toBe("active");

    expect(await setImproverLifecycleAction({ workspaceSlug: f.slug, templateId: f.template.id, lifecycle: "dormant" })).toMatchObject({ ok: true, data: { lifecycle: "dormant" } });
    expect((await db.agent.findUniqueOrThrow({ where: { id: f.improver.id } })).lifecycle).toBe("dormant");
    expect(await getTemplateRitualPanel(f.workspace.id, f.template.id)).toMatchObject({ capped: false, nextRitualAt: null, improver: { lifecycle: "dormant" } });

    // While paused the wake passed: resuming schedules the next slot instead of running at once.
    await db.agentState.update({ where: { agentId: f.improver.id }, data: { scheduledWakeAt: new Date(Date.now() - 3 * 24 * 3_600_000) } });
    actAs(f.owner);
    const resumed = await setImproverLifecycleAction({ workspaceSlug: f.slug, templateId: f.template.id, lifecycle: "active" });
    expect(resumed).toMatchObject({ ok: true, data: { lifecycle: "active" } });
    expect((await db.agent.findUniqueOrThrow({ where: { id: f.improver.id } })).lifecycle).toBe("active");
    const wake = await wakeOf(f.improver.id);
    expect(wake.getTime()).toBeGreaterThan(Date.now());
    expect(localOf(wake, "UTC")).toMatchObject({ weekday: 1, hour: 9, minutes: 0 });

    expect(await setImproverLifecycleAction({ workspaceSlug: f.slug, templateId: f.meta.id, lifecycle: "dormant" })).toMatchObject({ ok: false, error: { status: 403 } });
  });
});

describe("updateWorkspaceScheduleAction", () => {
  it("admins only; an unknown time zone or an hour out of range is a 400 with field messages", async () => {
    const f = await fixture();
    const input = { workspaceSlug: f.slug, weekday: 3, hour: 14, timezone: "Europe/Berlin" };
    await expectAdminsOnly(f, () => updateWorkspaceScheduleAction(input));

    actAs(f.admin);
    expect(await updateWorkspaceScheduleAction({ ...input, timezone: "Mars/Olympus" })).toMatchObject({
      ok: false,
      error: { status: 400, fieldErrors: { timezone: ["Unknown time zone: use an IANA name such as Europe/Berlin."] } },
    });
    expect(await updateWorkspaceScheduleAction({ ...input, hour: 24, weekday: 7 })).toMatchObject({
      ok: false,
      error: { status: 400, fieldErrors: { hour: ["Hours go from 0 to 23."], weekday: ["Choose a weekday between Sunday and Saturday."] } },
    });
    expect(await db.workspace.findUniqueOrThrow({ where: { id: f.workspace.id } })).toMatchObject({ ritualWeekday: 1, ritualHour: 9, ritualTimezone: "UTC" });
  });

  it("recomputes the wakes of the improvers that follow it: weekly for level 1, monthly for the meta-improver; a template's own schedule stays", async () => {
    const f = await fixture();
    const own = await makeTemplate(f.scope, { name: `Own ${uid()}`, directives: "Own schedule." });
    const ownImprover = (await getImproverOf(f.workspace.id, own.id))!;
    actAs(f.admin);
    expect(await updateTemplateScheduleAction({ workspaceSlug: f.slug, templateId: own.id, weekday: 5, hour: 7, timezone: "Asia/Tokyo" })).toMatchObject({ ok: true });
    const ownWake = await wakeOf(ownImprover.id);
    await ensureWorkspaceImprovers(f.workspace.id); // the meta-improver, as the hourly check creates it
    const metaImprover = await db.agent.findFirstOrThrow({ where: { workspaceId: f.workspace.id, kind: "metaImprover" } });

    const before = Date.now();
    const saved = await updateWorkspaceScheduleAction({ workspaceSlug: f.slug, weekday: 3, hour: 14, timezone: "America/New_York" });
    expect(saved).toMatchObject({ ok: true, data: { schedule: { weekday: 3, hour: 14, timezone: "America/New_York" }, rescheduled: 2 } });
    expect(await db.workspace.findUniqueOrThrow({ where: { id: f.workspace.id } })).toMatchObject({ ritualWeekday: 3, ritualHour: 14, ritualTimezone: "America/New_York" });

    const weekly = await wakeOf(f.improver.id);
    expect(localOf(weekly, "America/New_York")).toMatchObject({ weekday: 3, hour: 14, minutes: 0 });
    expect(weekly.getTime()).toBeGreaterThan(before);
    expect(weekly.getTime() - before).toBeLessThanOrEqual(7 * 24 * 3_600_000);

    const monthly = await wakeOf(metaImprover.id);
    expect(localOf(monthly, "America/New_York")).toMatchObject({ weekday: 3, hour: 14, minutes: 0 });
    expect(localOf(monthly, "America/New_York").date).toBeLessThanOrEqual(7); // the first Wednesday of its month
    expect(monthly.getTime()).toBeGreaterThan(before);

    expect((await wakeOf(ownImprover.id)).getTime()).toBe(ownWake.getTime());

    const overview = await getScheduleOverview(f.workspace.id);
    expect(overview.schedule).toEqual({ weekday: 3, hour: 14, timezone: "America/New_York" });
    expect(overview.templates.find((t) => t.id === own.id)).toMatchObject({ overridden: true, schedule: { weekday: 5, hour: 7, timezone: "Asia/Tokyo" }, cadence: "weekly" });
    expect(overview.templates.find((t) => t.id === f.level1.id)).toMatchObject({ overridden: false, cadence: "monthly" });
    expect(overview.templates.some((t) => t.id === f.meta.id)).toBe(false);
  });
});

describe("updateTemplateScheduleAction", () => {
  it("admins set a template's own schedule (fields may inherit) and reset it; the improver's wake follows; level 2 refused", async () => {
    const f = await fixture();
    const input = { workspaceSlug: f.slug, templateId: f.template.id, weekday: 5, hour: 16, timezone: "Asia/Tokyo" };
    await expectAdminsOnly(f, () => updateTemplateScheduleAction(input));

    actAs(f.admin);
    expect(await updateTemplateScheduleAction({ ...input, timezone: "Mars/Olympus" })).toMatchObject({ ok: false, error: { status: 400, fieldErrors: { timezone: ["Unknown time zone: use an IANA name such as Europe/Berlin."] } } });
    expect(await updateTemplateScheduleAction({ ...input, templateId: f.meta.id })).toMatchObject({ ok: false, error: { status: 403, message: expect.stringContaining("people only") } });

    expect(await updateTemplateScheduleAction(input)).toMatchObject({ ok: true, data: { schedule: { weekday: 5, hour: 16, timezone: "Asia/Tokyo" } } });
    expect(localOf(await wakeOf(f.improver.id), "Asia/Tokyo")).toMatchObject({ weekday: 5, hour: 16 });

    // Only the weekday of its own: hour and zone come from the workspace (Monday 09:00 UTC by default).
    expect(await updateTemplateScheduleAction({ ...input, hour: null, timezone: null })).toMatchObject({ ok: true, data: { schedule: { weekday: 5, hour: 9, timezone: "UTC" } } });
    expect(localOf(await wakeOf(f.improver.id), "UTC")).toMatchObject({ weekday: 5, hour: 9 });
    const panel = await getTemplateRitualPanel(f.workspace.id, f.template.id);
    expect(panel).toMatchObject({ capped: false, override: { weekday: 5, hour: null, timezone: null }, schedule: { weekday: 5, hour: 9, timezone: "UTC" }, cadence: "weekly" });

    expect(await updateTemplateScheduleAction({ ...input, weekday: null, hour: null, timezone: null })).toMatchObject({ ok: true, data: { schedule: { weekday: 1, hour: 9, timezone: "UTC" } } });
    expect(localOf(await wakeOf(f.improver.id), "UTC")).toMatchObject({ weekday: 1, hour: 9 });
  });
});

describe("read models", () => {
  it("the review: feedback, notes and proposals of a ritual session of this workspace only; the panel shows the open ritual", async () => {
    const f = await fixture();
    await rejectedFeedback(f);
    const { sessionId } = await beginRitual({ workspaceId: f.workspace.id, improverAgentId: f.improver.id });
    expect(await advanceRitual(sessionId!, { improver: scriptedImprover(), classifier })).toEqual({ status: "awaiting_review" });

    const review = await getRitualReview(f.workspace.id, sessionId!);
    expect(review).toMatchObject({
      session: { id: sessionId, status: "awaiting_review", round: 0, decisionDueAt: expect.any(Date) },
      template: { id: f.template.id, name: f.template.name, headVersion: { number: 1 } },
      improver: { id: f.improver.id },
      cadence: "weekly",
      schedule: { weekday: 1, hour: 9, timezone: "UTC" },
      feedbackSummary: { totals: { negative: 6 }, // 3 decision signals + their 3 reasons
        patterns: [expect.objectContaining({ sentiment: "negative", agentCount: 3 })] },
      notes: [expect.objectContaining({ kind: "hypothesis" })],
      proposals: [expect.objectContaining({ status: "pending", base: expect.objectContaining({ number: 1 }), flags: expect.any(Array) })],
      createdVersion: null,
    });
    const other = await makeWorkspace();
    expect(await getRitualReview(other.workspace.id, sessionId!)).toBeNull();
    // An interactive session is not a ritual review.
    await db.evolutionSession.update({ where: { id: sessionId! }, data: { status: "abandoned" } });
    const { session: interactive } = await startSession({ scope: f.scope, templateId: f.template.id });
    expect(await getRitualReview(f.workspace.id, interactive.id)).toBeNull();
    await db.evolutionSession.update({ where: { id: sessionId! }, data: { status: "awaiting_review" } });
    await db.evolutionSession.update({ where: { id: interactive.id }, data: { status: "abandoned" } });

    const panel = await getTemplateRitualPanel(f.workspace.id, f.template.id);
    expect(panel).toMatchObject({ capped: false, openRitual: { id: sessionId, status: "awaiting_review" }, openOneOnOne: null, improver: { id: f.improver.id, lifecycle: "active" } });
    expect(await getTemplateRitualPanel(other.workspace.id, f.template.id)).toBeNull();
    expect(await getTemplateRitualPanel(f.workspace.id, f.meta.id)).toEqual({ capped: true, level: 2 });

    // Approved and closed: the panel's last ritual names the version it created; a chat opened
    // since is the open session. Three statements (relations are joined in the same statement):
    // the template with its workspace's schedule, the improver with its state, and both sessions
    // with their versions.
    const [proposal] = await db.proposal.findMany({ where: { sessionId: sessionId! } });
    const v2 = await createTemplateVersion({ scope: f.scope, templateId: f.template.id, directives: "You triage support tickets.\n- Ask for the order number.", authoredBy: "agent" });
    await db.proposal.update({ where: { id: proposal.id }, data: { status: "approved", resultingVersionId: v2.id } });
    await db.evolutionSession.update({ where: { id: sessionId! }, data: { status: "completed", completedAt: new Date() } });
    const { session: chat } = await startSession({ scope: f.scope, templateId: f.template.id });
    const read = await statementsDuring(() => getTemplateRitualPanel(f.workspace.id, f.template.id));
    expect(read.result).toMatchObject({
      lastRitual: { id: sessionId, status: "completed", createdVersion: 2, completedAt: expect.any(Date) },
      openRitual: null,
      openOneOnOne: { id: chat.id, sessionNumber: chat.sessionNumber },
    });
    expect(read.statements).toHaveLength(3);
  });
});
