import { randomBytes } from "node:crypto";
import type { AttackWorld, WorkspaceA } from "./world";

// What the attack suite needs to know about each enumerated endpoint that the build cannot tell:
// a valid input aimed at workspace A's objects and who may call it (read from the action's
// schema and `permission` in src/features/*/actions and src/features/*/schemas.ts). An action or
// route of the build missing here is reported as uncovered (and still attacked with a generic
// input), so new endpoints cannot slip past the suite.

export type Role = "viewer" | "member" | "admin" | "owner";
const rank: Record<Role, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };
export const roleAllows = (role: Role, minimum: Role) => rank[role] >= rank[minimum];

export type ActionSpec = {
  /**
   * Who may call it: the lowest workspace role (a `workspaceAction`; its input takes
   * `workspaceSlug`), any signed-in user, anyone, or nobody in the suite (an invitation
   * meant for another address).
   */
  access: Role | "user" | "public" | "nobody";
  /** A valid argument aimed at A; undefined for an action without one. */
  input: (a: WorkspaceA, w: AttackWorld) => Record<string, unknown> | undefined;
  /** Ends the caller's session whatever it is sent: only signed-out callers call it. */
  endsSession?: true;
  /** The input carries a capability (an invitation token): its holder may learn what it names. */
  capability?: true;
  /** Ids of other people's or workspaces' rows match nothing (ok, count 0) by design, rather than 404. */
  othersIdsMatchNothing?: true;
  /** Fields whose bad values the action normalises by design instead of refusing them. */
  lenient?: string[];
};

// Inputs never carry A's stamp: a marker the caller sent is not a leak, so it would blind the check.
const text = (_w: AttackWorld, what: string) => `Attack ${what}`;

export const ACTIONS: Record<string, ActionSpec> = {
  signOutAction: { access: "public", input: () => undefined, endsSession: true },
  requestSignInLinkAction: { access: "public", input: (_a, w) => ({ email: `attack-link-${w.b.slug}@example.test`, callbackUrl: "/" }), lenient: ["callbackUrl"] },
  acceptInvitationAction: { access: "nobody", input: (a) => ({ token: a.invitation.token }), capability: true },
  createWorkspaceAction: { access: "user", input: (_a, w) => ({ name: text(w, "workspace") }) },

  rateRunAction: { access: "member", input: (a) => ({ workspaceSlug: a.slug, runId: a.run.id, rating: 0.5 }) },
  requestWakeAction: { access: "member", input: (a) => ({ workspaceSlug: a.slug, agentId: a.agent.id }) },
  decideChangeItemsAction: { access: "member", input: (a, w) => ({ workspaceSlug: a.slug, itemIds: [a.changeItem.id], verdict: "rejected", reason: text(w, "rejection") }) },
  markAllNotificationsReadAction: { access: "viewer", input: (a) => ({ workspaceSlug: a.slug }) },
  // "Another member's ids match nothing (count 0)" (the action's own comment): A's ids in B mark nothing.
  markNotificationsReadAction: { access: "viewer", input: (a) => ({ workspaceSlug: a.slug, ids: [a.notification.id] }), othersIdsMatchNothing: true },
  setEmailNotificationsAction: { access: "viewer", input: (a) => ({ workspaceSlug: a.slug, enabled: true }) },
  // Marks the caller's own notifications that point at the page they viewed: another member's or
  // workspace's match nothing (count 0).
  markViewedNotificationsReadAction: { access: "viewer", input: (a) => ({ workspaceSlug: a.slug, link: `/w/${a.slug}/rituals/${a.session.id}` }), othersIdsMatchNothing: true },
  approveProposalAction: { access: "member", input: (a) => ({ workspaceSlug: a.slug, proposalId: a.proposal.id, rating: 0.5, finish: false }) },
  rejectProposalAction: { access: "member", input: (a, w) => ({ workspaceSlug: a.slug, proposalId: a.ritualProposal.id, reason: text(w, "reason"), refineInChat: true }) },
  abandonSessionAction: { access: "member", input: (a) => ({ workspaceSlug: a.slug, sessionId: a.session.id }) },
  finishSessionAction: { access: "member", input: (a) => ({ workspaceSlug: a.slug, sessionId: a.session.id, rating: null }) },
  settlePreferenceConflictAction: { access: "member", input: (a, w) => ({ workspaceSlug: a.slug, conflictId: a.conflict.id, ruling: "custom", text: text(w, "team preference") }) },
  revertClauseAction: { access: "member", input: (a) => ({ workspaceSlug: a.slug, templateId: a.template.id, line: "unknown line" }) },
  startSessionAction: { access: "member", input: (a) => ({ workspaceSlug: a.slug, templateId: a.template.id }) },
  runRitualNowAction: { access: "member", input: (a) => ({ workspaceSlug: a.slug, templateId: a.template.id }) },
  refreshFeedbackAction: { access: "member", input: (a) => ({ workspaceSlug: a.slug, templateId: a.template.id }) },
  refitDecisionModelAction: { access: "member", input: (a) => ({ workspaceSlug: a.slug, templateId: a.template.id }) },
  correctFeedbackLabelsAction: { access: "member", input: (a) => ({ workspaceSlug: a.slug, corrections: [{ itemId: a.feedbackItem.id, sentiment: "positive" }] }) },
  createTaskAction: { access: "member", input: (a, w) => ({ workspaceSlug: a.slug, title: text(w, "task"), description: text(w, "description"), templateId: a.template.id }) },
  updateTaskAction: { access: "member", input: (a, w) => ({ workspaceSlug: a.slug, taskId: a.task.id, title: text(w, "renamed task"), description: text(w, "description") }) },
  createTemplateAction: { access: "admin", input: (a, w) => ({ workspaceSlug: a.slug, name: text(w, "template"), description: text(w, "description"), directives: text(w, "directives for a template") }) },
  createTemplateVersionAction: { access: "admin", input: (a, w) => ({ workspaceSlug: a.slug, templateId: a.template.id, directives: text(w, "directives, version 3"), rationale: text(w, "rationale") }) },
  updateProbationSettingsAction: { access: "admin", input: (a) => ({ workspaceSlug: a.slug, templateId: a.template.id, share: 0.2, days: 7, minRuns: 30 }) },
  endProbationAction: { access: "admin", input: (a) => ({ workspaceSlug: a.slug, probationId: a.probation.id, action: "promote" }) },
  setTemplateHeadAction: { access: "admin", input: (a) => ({ workspaceSlug: a.slug, templateId: a.template.id, versionId: a.v2.id }) },
  setImproverLifecycleAction: { access: "admin", input: (a) => ({ workspaceSlug: a.slug, templateId: a.template.id, lifecycle: "active" }) },
  updateTemplateScheduleAction: { access: "admin", input: (a) => ({ workspaceSlug: a.slug, templateId: a.template.id, weekday: 1, hour: 9, timezone: "Europe/Berlin" }) },
  updateWorkspaceScheduleAction: { access: "admin", input: (a) => ({ workspaceSlug: a.slug, weekday: 1, hour: 9, timezone: "Europe/Berlin" }) },
  updateReplayGuardAction: { access: "admin", input: (a) => ({ workspaceSlug: a.slug, mode: "advisory" }) },
  // The template stays one the product runs (other actions of the suite wake its agent).
  updateExternalAgentsAction: { access: "admin", input: (a) => ({ workspaceSlug: a.slug, templateId: a.template.id, runsExternally: false, replayUrl: "https://agents.example.com/replay" }) },
  // A template without a replay endpoint answers 404: either way, never a 500 nor another workspace's.
  rotateReplaySecretAction: { access: "admin", input: (a) => ({ workspaceSlug: a.slug, templateId: a.template.id }) },
  createApiKeyAction: { access: "admin", input: (a, w) => ({ workspaceSlug: a.slug, name: text(w, "key"), scopes: ["read"] }) },
  revokeApiKeyAction: { access: "admin", input: (a) => ({ workspaceSlug: a.slug, apiKeyId: a.spareKey.id }) },
  createWebhookAction: { access: "admin", input: (a) => ({ workspaceSlug: a.slug, url: "https://hooks.example.com/attack", description: "Attack webhook", events: ["version.promoted"], format: "standard" }) },
  setWebhookEnabledAction: { access: "admin", input: (a) => ({ workspaceSlug: a.slug, webhookId: a.webhook.id, enabled: true }) },
  sendTestWebhookAction: { access: "admin", input: (a) => ({ workspaceSlug: a.slug, webhookId: a.webhook.id }) },
  // Last of A's webhook actions in the plan's order does not matter: a deleted webhook answers 404 to the rest.
  deleteWebhookAction: { access: "admin", input: (a) => ({ workspaceSlug: a.slug, webhookId: a.webhook.id }) },
  inviteMemberAction: { access: "admin", input: (a, w) => ({ workspaceSlug: a.slug, email: `attack-invite-${w.b.slug}@example.test`, role: "viewer" }) },
  revokeInvitationAction: { access: "admin", input: (a) => ({ workspaceSlug: a.slug, invitationId: a.invitation.id }) },
  changeMemberRoleAction: { access: "owner", input: (a) => ({ workspaceSlug: a.slug, membershipId: a.bystanderMembershipId, role: "viewer" }) },
  // Any member may leave (permission workspace.read); removing someone else is the owner's.
  removeMemberAction: { access: "owner", input: (a) => ({ workspaceSlug: a.slug, membershipId: a.bystanderMembershipId }) },
};

/** An uncatalogued action still gets called: every id field an action of this app takes, aimed at A. */
export function genericActionInput(a: WorkspaceA): Record<string, unknown> {
  return {
    workspaceSlug: a.slug, templateId: a.template.id, agentId: a.agent.id, taskId: a.task.id, runId: a.run.id, sessionId: a.session.id,
    proposalId: a.proposal.id, versionId: a.v2.id, itemIds: [a.changeItem.id], ids: [a.notification.id], membershipId: a.bystanderMembershipId,
    invitationId: a.invitation.id, apiKeyId: a.spareKey.id, webhookId: a.webhook.id,
  };
}

// ---- Routes --------------------------------------------------------------------------------------

export type RouteAuth = "api-key" | "session" | "public";

/** How a route handler authenticates: the REST API by Bearer key, the browser's routes by session, the rest are public by design. */
export function routeAuth(route: string): RouteAuth {
  if (route.startsWith("/api/v1/") && route !== "/api/v1/openapi.json") return "api-key";
  if (route.startsWith("/api/workspaces/")) return "session";
  return "public"; // /api/auth/* (Auth.js), /api/inngest (Inngest's serve handler), /api/health, /api/ready, the OpenAPI document
}

/** The lowest role of A allowed to call each session route, by "METHOD route" (workspaceRoute's `permission`; none = any member). */
export const SESSION_ROUTE_ACCESS: Record<string, Role> = {
  "GET /api/workspaces/[slug]/agents/[id]/live": "viewer",
  // Resume the answer being written (`?sessionId=`): every member reads a session, viewers too.
  "GET /api/workspaces/[slug]/templates/[id]/one-on-one": "viewer",
  "POST /api/workspaces/[slug]/templates/[id]/one-on-one": "member",
  "DELETE /api/workspaces/[slug]/templates/[id]/one-on-one": "member",
  "POST /api/workspaces/[slug]/feedback/labels": "member",
};

/** Valid JSON bodies aimed at A, by "METHOD route". */
export const ROUTE_BODIES: Record<string, (a: WorkspaceA, w: AttackWorld) => Record<string, unknown>> = {
  "POST /api/v1/agents": (a, w) => ({ templateId: a.template.id, displayName: text(w, "agent") }),
  "POST /api/v1/tasks": (a, w) => ({ title: text(w, "API task"), description: text(w, "description"), templateId: a.template.id }),
  "POST /api/v1/runs": (a) => ({ agentId: a.agent.id, reason: "manual", status: "succeeded", startedAt: "2026-01-05T10:00:00Z", finishedAt: "2026-01-05T10:01:00Z" }),
  "POST /api/v1/observations": (a, w) => ({ agentId: a.agent.id, text: text(w, "observation"), wakeRunId: a.run.id }),
  "POST /api/v1/reports": (a, w) => ({ agentId: a.agent.id, markdown: `# ${text(w, "report")}`, scope: "current", wakeRunId: a.run.id }),
  "POST /api/v1/change-sets": (a, w) => ({ agentId: a.agent.id, items: [{ tool: "propose_estimate", args: { minutes: 30 }, summary: text(w, "estimate") }] }),
  "POST /api/v1/decisions": (a, w) => ({ changeItemId: a.changeItem.id, verdict: "rejected", reason: text(w, "reason") }),
  "POST /api/v1/ratings": (a) => ({ runId: a.run.id, rating: 0.5 }),
  // An OTLP/JSON export whose one span is a run of A's agent (a fresh trace id per call: stored once each).
  "POST /api/v1/otlp/v1/traces": (a) => ({
    resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ spans: [{
      traceId: randomBytes(16).toString("hex"), spanId: randomBytes(8).toString("hex"), name: "attack run",
      startTimeUnixNano: "1767607200000000000", endTimeUnixNano: "1767607260000000000",
      attributes: [{ key: "agent_coach.agent_id", value: { stringValue: a.agent.id } }],
    }] }] }],
  }),
  "POST /api/workspaces/[slug]/templates/[id]/one-on-one": (a, w) => ({ sessionId: a.session.id, message: { role: "user", parts: [{ type: "text", text: text(w, "chat message") }] } }),
  "DELETE /api/workspaces/[slug]/templates/[id]/one-on-one": (a) => ({ sessionId: a.session.id }),
  "POST /api/workspaces/[slug]/feedback/labels": (a) => ({ corrections: [{ itemId: a.feedbackItem.id, category: "tooling" }] }),
};

/** Auth.js's endpoints under the catch-all, each with the method it answers (form bodies, as its own pages post them). */
export function authEndpoints(w: AttackWorld): { method: string; path: string; form?: Record<string, string> }[] {
  const email = `attack-authjs-${w.b.slug}@example.test`;
  return [
    ...["session", "csrf", "providers", "signin", "signout", "error", "error?error=Verification", "verify-request", "callback/email?token=forged&email=" + encodeURIComponent(email)].map((path) => ({ method: "GET", path })),
    { method: "POST", path: "signin/email", form: { email, callbackUrl: "/" } }, // no CSRF token: refused
    { method: "POST", path: "signout", form: { callbackUrl: "/" } },
    { method: "POST", path: "session", form: {} },
  ];
}

// ---- Dynamic segments ----------------------------------------------------------------------------

/** The value of a dynamic segment for A's objects, from the static segment before it; undefined: unknown to the suite. */
export function segmentValue(previous: string, param: string, a: WorkspaceA): string | undefined {
  if (param === "slug") return a.slug;
  if (param === "runId") return a.run.id;
  if (param === "sessionId") return a.ritualSession.id;
  if (param === "token") return a.invitation.token;
  if (param === "id") return ({ agents: a.agent.id, templates: a.template.id, tasks: a.task.id } as Record<string, string>)[previous];
  return undefined;
}

/** Ids nothing has: a made-up one, a NUL byte, an over-long one and a traversal. */
export const GARBAGE_IDS = ["does-not-exist", "%00", "x".repeat(300), "..%2F..%2Fapi%2Fhealth"];
export const GARBAGE_SLUGS = ["does-not-exist", "%00"];

export type FilledPath = { url: string; unknown: string[] };

/**
 * The path with its dynamic segments filled: the slug by `slug`, every other segment by A's
 * object (or `garbage`). Catch-all segments are left to the caller. `unknown` lists segments the
 * suite cannot fill (filled with "unknown-segment").
 */
export function fillPath(pattern: string, a: WorkspaceA, options: { slug?: string; garbage?: string } = {}): FilledPath {
  const unknown: string[] = [];
  const segments = pattern.split("/").map((segment, i, all) => {
    const param = /^\[([^.\]]+)\]$/.exec(segment)?.[1];
    if (!param) return segment;
    if (param === "slug") return options.slug ?? a.slug;
    if (options.garbage !== undefined) return options.garbage;
    const value = segmentValue(all[i - 1] ?? "", param, a);
    if (value === undefined) unknown.push(segment);
    return value ?? "unknown-segment";
  });
  return { url: segments.join("/") || "/", unknown };
}

export const hasObjectSegment = (pattern: string) => /\[(?!slug\])[^\]]+\]/.test(pattern);
export const isCatchAll = (pattern: string) => /\[\.\.\.[^\]]+\]/.test(pattern);
