// The demo templates' past one-on-ones: sessions, transcripts, the improver's notes and proposals,
// built from each domain's `oneOnOnes` script against the rows buildDemoData made (counts and
// quotes in the improver's words come from those rows, so they match what the demo shows).
//
// INVARIANTS kept as the one-on-one services keep them (src/features/one-on-one/server): an
// approved proposal's directives and rationale are its version's, its base is the version's
// parent and the approval completes the session at the version's createdAt; approving and
// rejecting write the same decision notes the services write; an abandoned session supersedes its
// open proposal; messages are AI SDK UIMessage parts as the chat route stores them.
import type { Prisma } from "../../src/generated/prisma/client";
import { APPROVAL_CONFIDENCE, IMPROVER_TOOLS, OPENING_REQUEST, rejectionMessage } from "../../src/ai/prompts/improver";
import { checkDate } from "../../src/features/hypotheses/metrics";
import type { Domain, NoteSpec, ProposalSpec, SessionFacts, SessionSpec, Users } from "./types";

const SEC = 1_000;
const MIN = 60 * SEC;
const DAY = 24 * 60 * MIN;
/** The improver answers this long after the turn it answers; its tools ran just before. */
const ANSWER_DELAY = 45 * SEC;

type Source = {
  templates: Prisma.AgentTemplateCreateManyInput[];
  versions: Prisma.TemplateVersionCreateManyInput[];
  runs: Prisma.WakeRunCreateManyInput[];
  messages: Prisma.AgentMessageCreateManyInput[];
  iterations: Prisma.RefineIterationCreateManyInput[];
};

type Version = { id: string; number: number; directives: string; rationale: string; at: number };

export type OneOnOneRows = {
  sessions: Prisma.EvolutionSessionCreateManyInput[];
  messages: Prisma.EvolutionMessageCreateManyInput[];
  notes: Prisma.EvolutionNoteCreateManyInput[];
  /** The ledger entries of hypothesis notes with a prediction (open: the seed grades them once written). */
  hypotheses: Prisma.HypothesisCreateManyInput[];
  proposals: Prisma.ProposalCreateManyInput[];
  /** When each session started: its feedback window ends there (see `acknowledge`). */
  starts: { sessionId: string; at: number }[];
};

const time = (d: Date | string | null | undefined) => +new Date(d ?? 0);

export function buildOneOnOnes({ domains, source, workspaceId, users, newId }: { domains: Domain[]; source: Source; workspaceId: string; users: Users; newId: () => string }): OneOnOneRows {
  const out: OneOnOneRows = { sessions: [], messages: [], notes: [], hypotheses: [], proposals: [], starts: [] };
  for (const domain of domains) {
    const template = source.templates.find((t) => t.name === domain.name);
    if (!template?.id) fail(`no template "${domain.name}"`);
    const templateId = template.id;
    const versions: Version[] = source.versions
      .filter((v) => v.templateId === templateId)
      .map((v) => ({ id: v.id!, number: v.number, directives: v.directives, rationale: v.rationale ?? "", at: time(v.createdAt) }))
      .sort((a, b) => a.number - b.number);
    const facts = factsSource(source, templateId, versions);
    let windowStart = -Infinity;
    domain.oneOnOnes.forEach((spec, i) => {
      const span = sessionSpan(spec, versions);
      const built = buildSession({ spec, span, number: i + 1, templateId, workspaceId, versions, users, newId, facts: facts(windowStart, span.start) });
      out.sessions.push(built.session);
      out.messages.push(...built.messages);
      out.notes.push(...built.notes);
      out.hypotheses.push(...built.hypotheses);
      out.proposals.push(...built.proposals);
      out.starts.push({ sessionId: built.session.id!, at: built.start });
      // The next session's feedback starts where this one's window ended (it acknowledged it).
      if (spec.status === "completed") windowStart = built.start;
    });
  }
  return out;
}

/**
 * Sets the feedback-window counters the way the services do: a session covers what was written
 * before it started (the change counter when it started), completing acknowledges that, and the
 * next session starts from the last acknowledgement.
 */
export function acknowledge(rows: OneOnOneRows, counterAtStart: Map<string, bigint>) {
  const acknowledged = new Map<string, bigint>();
  for (const s of [...rows.sessions].sort((a, b) => a.sessionNumber - b.sessionNumber)) {
    const covered = counterAtStart.get(s.id!);
    if (covered === undefined) fail(`no counter for session ${s.id}`);
    const since = acknowledged.get(s.templateId) ?? BigInt(0);
    s.sinceCounter = since;
    s.coveredUntilCounter = covered > since ? covered : since;
    s.lastAcknowledgedCounter = s.status === "completed" ? s.coveredUntilCounter : null;
    if (s.status === "completed") acknowledged.set(s.templateId, s.coveredUntilCounter);
  }
}

function sessionSpan(spec: SessionSpec, versions: Version[]) {
  const version = (n: number) => versions[n - 1] ?? fail(`version ${n} does not exist`);
  if ("endsAtVersion" in spec.timing) {
    const end = version(spec.timing.endsAtVersion).at;
    return { start: end - spec.timing.minutes * MIN, end };
  }
  const start = version(spec.timing.after).at + spec.timing.days * DAY;
  return { start, end: start + spec.timing.minutes * MIN };
}

function fail(message: string): never {
  throw new Error(`seed one-on-ones: ${message}`);
}

type BuildSessionInput = {
  spec: SessionSpec;
  span: { start: number; end: number };
  number: number;
  templateId: string;
  workspaceId: string;
  versions: Version[];
  users: Users;
  newId: () => string;
  facts: SessionFacts;
};

function buildSession({ spec, span: { start, end }, number, templateId, workspaceId, versions, users, newId, facts }: BuildSessionInput) {
  const person = users.byEmail.get(spec.by) ?? fail(`no seeded user ${spec.by}`);
  const sessionId = newId();
  const messages: Prisma.EvolutionMessageCreateManyInput[] = [];
  const notes: Prisma.EvolutionNoteCreateManyInput[] = [];
  const hypotheses: Prisma.HypothesisCreateManyInput[] = [];
  const proposals: Prisma.ProposalCreateManyInput[] = [];
  const headAt = (t: number) => versions.findLast((v) => v.at <= t) ?? versions[0];
  const turns = spec.turns(facts);
  const label = `session ${number} of ${templateId}`;

  // People's steps (the opening included) are spread over the session; the last one is the
  // approval at `end`, or, when abandoned, a few minutes before the abandon.
  const humans = 1 + turns.filter((t) => !("improver" in t)).length;
  const first = start + 15 * SEC;
  const last = spec.status === "completed" ? end : end - 3 * MIN;
  const slot = (k: number) => (humans === 1 ? first : Math.round(first + (k / (humans - 1)) * (last - first)));

  const say = (role: "user" | "assistant", at: number, parts: unknown[], metadata: Record<string, string> = {}) =>
    messages.push({ id: newId(), workspaceId, sessionId, role, parts: parts as Prisma.InputJsonValue, metadata, authorUserId: role === "user" ? person : null, createdAt: new Date(at) });
  const note = (kind: NoteSpec["kind"], content: string, at: number) => {
    const id = newId();
    notes.push({ id, workspaceId, templateId, sessionId, kind, content, createdAt: new Date(at) });
    return id;
  };
  const text = (value: string) => ({ type: "text", text: value, state: "done" });
  const becomes = new Map<string, Version>();
  const open = () => proposals.findLast((p) => p.status === "pending" || p.status === "draft");

  say("user", slot(0), [text(OPENING_REQUEST)], { kind: "opening" });
  let k = 0;
  let at = slot(0);
  let rating: number | null = null;
  for (const [i, turn] of turns.entries()) {
    if (rating !== null) fail(`${label}: nothing may follow the approval`);
    if ("user" in turn) {
      at = slot(++k);
      say("user", at, [text(turn.user)]);
    } else if ("reject" in turn) {
      at = slot(++k);
      const proposal = open() ?? fail(`${label}: nothing to reject`);
      Object.assign(proposal, { status: "rejected", rejectionReason: turn.reject, decidedById: person, decidedAt: new Date(at) });
      note("decision", `Rejected a proposal: ${turn.reject}`, at);
      say("user", at + SEC, [text(rejectionMessage(turn.reject))], { kind: "rejection", proposalId: proposal.id! });
      at += SEC;
    } else if ("approve" in turn) {
      const proposal = open() ?? fail(`${label}: nothing to approve`);
      const version = becomes.get(proposal.id!) ?? fail(`${label}: an approved proposal names the version it became ({ becomes })`);
      if (spec.status !== "completed" || !("endsAtVersion" in spec.timing) || spec.timing.endsAtVersion !== version.number) fail(`${label}: an approval completes the session at its version`);
      at = slot(++k);
      Object.assign(proposal, { status: "approved", resultingVersionId: version.id, userRating: turn.approve, decidedById: person, decidedAt: new Date(at) });
      note("decision", `Approved v${version.number} (rated ${turn.approve.toFixed(2)}): ${version.rationale}`, at);
      rating = turn.approve;
    } else {
      at += ANSWER_DELAY;
      const parts: unknown[] = [{ type: "step-start" }, text(turn.improver)];
      const callId = (n: number) => `seed-${number}-${i + 1}-${n}`;
      let calls = 0;
      if (turn.propose) {
        const p = proposalFrom(turn.propose, headAt(at), versions, label);
        const status = p.confidence >= APPROVAL_CONFIDENCE ? "pending" : "draft";
        const earlier = open();
        if (earlier) earlier.status = "superseded";
        const id = newId();
        proposals.push({ id, workspaceId, templateId, sessionId, directives: p.directives, rationale: p.rationale, confidence: p.confidence, status, baseVersionId: p.base.id, createdAt: new Date(at - 20 * SEC) });
        if (p.becomes) becomes.set(id, p.becomes);
        const input = { directives: p.directives, rationale: p.rationale, confidence: p.confidence };
        parts.push({ type: `tool-${IMPROVER_TOOLS.propose}`, toolCallId: callId(++calls), state: "output-available", input, output: { ok: true, proposalId: id, status, version: versions.filter((v) => v.at <= at).length + 1, confidence: p.confidence } });
      }
      for (const n of turn.notes ?? []) {
        const noteAt = at - 15 * SEC + calls * SEC;
        const noteId = note(n.kind, n.content, noteAt);
        const p = n.kind === "hypothesis" ? n.prediction : undefined;
        if (p) {
          hypotheses.push({
            id: newId(), workspaceId, templateId, sessionId, noteId, metric: p.metric, tool: p.tool ?? null, category: p.category ?? null, direction: p.direction, size: p.size,
            probability: p.probability, checkAt: checkDate(new Date(noteAt), p.checkAfterDays ?? 7), createdAt: new Date(noteAt),
          });
        }
        const input = { kind: n.kind, content: n.content, ...(p ? { prediction: p } : {}) };
        parts.push({ type: `tool-${IMPROVER_TOOLS.note}`, toolCallId: callId(++calls), state: "output-available", input, output: { ok: true, noteId, kind: n.kind } });
      }
      if (calls && turn.closing) parts.push({ type: "step-start" }, text(turn.closing));
      say("assistant", at, parts);
    }
  }
  if (spec.status === "completed" && rating === null) fail(`${label}: a completed session ends with an approval`);
  if (at > end) fail(`${label}: the turns do not fit in the session`);
  // Abandoning supersedes what is still open (sessions.ts abandonSession).
  const left = open();
  if (left) left.status = "superseded";

  const session: Prisma.EvolutionSessionCreateManyInput = {
    id: sessionId,
    workspaceId,
    templateId,
    sessionNumber: number,
    status: spec.status,
    origin: "interactive",
    startedById: person,
    userRating: rating,
    approvedMutations: proposals.filter((p) => p.status === "approved").length,
    createdAt: new Date(start),
    updatedAt: new Date(end),
    completedAt: new Date(end),
  };
  return { session, messages, notes, hypotheses, proposals, start };
}

function proposalFrom(spec: ProposalSpec, head: Version, versions: Version[], label: string) {
  if ("becomes" in spec) {
    const version = versions[spec.becomes - 1] ?? fail(`${label}: version ${spec.becomes} does not exist`);
    // INVARIANT: an approved proposal was made against the version's parent, then the head.
    if (head.number !== version.number - 1) fail(`${label}: v${version.number} must be proposed while v${version.number - 1} is the head`);
    return { directives: version.directives, rationale: version.rationale, confidence: spec.confidence, base: head, becomes: version };
  }
  const directives = spec.edit(head.directives);
  if (directives === head.directives) fail(`${label}: the proposal's edit changed nothing`);
  return { directives, rationale: spec.rationale, confidence: spec.confidence, base: head, becomes: null };
}

/** The facts of one template's data, for a window (windowStart, start]. */
function factsSource(source: Source, templateId: string, versions: Version[]) {
  const versionOf = new Map(versions.map((v) => [v.id, v.number]));
  const runs = new Map(source.runs.filter((r) => r.templateId === templateId).map((r) => [r.id!, r]));
  const observations = source.messages
    .filter((m) => m.templateId === templateId && m.kind === "observation" && m.wakeRunId)
    .map((m) => ({ text: m.text, at: time(m.createdAt), agentId: m.agentId, version: versionOf.get(runs.get(m.wakeRunId!)!.templateVersionId) ?? 0 }))
    .sort((a, b) => a.at - b.at);
  const gateLines = source.iterations.filter((it) => runs.has(it.wakeRunId)).map((it) => ({ text: it.feedback ?? "", at: time(it.createdAt) }));
  const rated = [...runs.values()].filter((r) => r.userRating != null);

  return (windowStart: number, start: number): SessionFacts => {
    const inWindow = observations.filter((o) => o.at > windowStart && o.at <= start);
    return {
      count: (re) => inWindow.filter((o) => re.test(o.text)).length,
      countOn: (version, re) => observations.filter((o) => o.at <= start && o.version === version && re.test(o.text)).length,
      agents: (re) => new Set(inWindow.filter((o) => re.test(o.text)).map((o) => o.agentId)).size,
      gates: (re) => gateLines.filter((g) => g.at > windowStart && g.at <= start && re.test(g.text)).length,
      example: (re, fallback) => inWindow.findLast((o) => re.test(o.text))?.text ?? fallback,
      rating: (version) => {
        const id = versions[version - 1]?.id;
        const list = rated.filter((r) => r.templateVersionId === id && time(r.ratedAt) <= start).map((r) => r.userRating!);
        return list.length ? (list.reduce((a, b) => a + b, 0) / list.length).toFixed(2) : "—";
      },
    };
  };
}
