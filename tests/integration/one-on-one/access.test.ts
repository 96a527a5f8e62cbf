import { describe, expect, it } from "vitest";
import { DELETE, POST } from "@/app/api/workspaces/[slug]/templates/[id]/one-on-one/route";
import { approveProposalAction } from "@/features/one-on-one/actions/approve-proposal";
import { rejectProposalAction } from "@/features/one-on-one/actions/reject-proposal";
import { abandonSessionAction } from "@/features/one-on-one/actions/abandon-session";
import { finishSessionAction } from "@/features/one-on-one/actions/finish-session";
import { startSessionAction } from "@/features/one-on-one/actions/start-session";
import { listNotes } from "@/features/one-on-one/server/queries";
import { recordProposal } from "@/features/one-on-one/server";
import { startSession as startSessionService } from "@/features/one-on-one/server";
import { db } from "@/server/db";
import { makeEvolutionNote, makeEvolutionSession, makeTemplate, makeWorkspace, uid } from "../../factories";
import { actAs } from "../../support/session";

// Who may do what in a one-on-one: members chat and decide, viewers read (403 on every write),
// outsiders get 404, signed-out callers 401, bad input 400 with a message — through the real
// server actions and the chat route.

async function fixture() {
  const { workspace, owner, members, scope } = await makeWorkspace({ roles: ["member", "viewer"] });
  const template = await makeTemplate(scope, { name: `Access ${uid()}`, directives: "Help with tickets." });
  return { workspace, owner, members, scope, template };
}

const post = (slug: string, id: string, body: unknown, headers: Record<string, string> = {}) =>
  POST(new Request(`http://localhost/api/workspaces/${slug}/templates/${id}/one-on-one`, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": "application/json", ...headers } }), {
    params: Promise.resolve({ slug, id }),
  });

/** "Stop" on the chat route. */
const stop = (slug: string, id: string, body: unknown) =>
  DELETE(new Request(`http://localhost/api/workspaces/${slug}/templates/${id}/one-on-one`, { method: "DELETE", body: JSON.stringify(body), headers: { "content-type": "application/json" } }), {
    params: Promise.resolve({ slug, id }),
  });

const message = (text: string) => ({ role: "user", parts: [{ type: "text", text }] });

describe("one-on-one access", () => {
  it("viewers read but cannot start, chat, approve, reject, finish or abandon; members can", async () => {
    const f = await fixture();
    const slug = f.workspace.slug;

    actAs(f.members.viewer!);
    const refused = await startSessionAction({ workspaceSlug: slug, templateId: f.template.id });
    expect(refused).toMatchObject({ ok: false, error: { status: 403 } });

    actAs(f.members.member!);
    const started = await startSessionAction({ workspaceSlug: slug, templateId: f.template.id });
    expect(started).toMatchObject({ ok: true, data: { sessionNumber: 1, resumed: false } });
    const sessionId = started.ok ? started.data.sessionId : "";
    const { proposalId } = await recordProposal({ workspaceId: f.workspace.id, sessionId, input: { directives: "Help with tickets.\n- Ask for a due date.", rationale: "Due dates", confidence: 0.9 } });

    actAs(f.members.viewer!);
    expect(await approveProposalAction({ workspaceSlug: slug, proposalId, rating: 1 })).toMatchObject({ ok: false, error: { status: 403 } });
    expect(await rejectProposalAction({ workspaceSlug: slug, proposalId, reason: "Not for me" })).toMatchObject({ ok: false, error: { status: 403 } });
    expect(await abandonSessionAction({ workspaceSlug: slug, sessionId })).toMatchObject({ ok: false, error: { status: 403 } });
    expect(await finishSessionAction({ workspaceSlug: slug, sessionId, rating: 0.5 })).toMatchObject({ ok: false, error: { status: 403 } });
    const viewerChat = await post(slug, f.template.id, { sessionId, message: message("hello") });
    expect(viewerChat.status).toBe(403);
    expect((await stop(slug, f.template.id, { sessionId })).status).toBe(403);
    expect(await db.evolutionMessage.count({ where: { sessionId } })).toBe(0);

    actAs(f.members.member!);
    const approved = await approveProposalAction({ workspaceSlug: slug, proposalId, rating: 0.75 });
    expect(approved).toMatchObject({ ok: true, data: { version: { number: 2 }, session: { status: "completed" } } });
    // Deciding twice is a conflict with a message, not a 500.
    expect(await rejectProposalAction({ workspaceSlug: slug, proposalId, reason: "Changed my mind" })).toMatchObject({ ok: false, error: { status: 409, message: "This proposal was already approved." } });
  });

  it("answers bad input with 400 and a message, outsiders with 404, signed-out callers with 401", async () => {
    const f = await fixture();
    const slug = f.workspace.slug;
    const { session } = await startSessionService({ scope: f.scope, templateId: f.template.id });
    const { proposalId } = await recordProposal({ workspaceId: f.workspace.id, sessionId: session.id, input: { directives: "Help with tickets.\n- Be brief.", rationale: "Brief", confidence: 0.9 } });

    actAs(f.owner);
    expect(await approveProposalAction({ workspaceSlug: slug, proposalId, rating: 1.5 })).toMatchObject({ ok: false, error: { status: 400, fieldErrors: { rating: ["Ratings go from 0 to 1."] } } });
    expect(await rejectProposalAction({ workspaceSlug: slug, proposalId, reason: " " })).toMatchObject({ ok: false, error: { status: 400, fieldErrors: { reason: [expect.stringContaining("Say why")] } } });
    expect((await post(slug, f.template.id, "{not json")).status).toBe(400);
    const tooLong = await post(slug, f.template.id, { sessionId: session.id, message: message("x".repeat(4_001)) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: { fieldErrors: { "message.parts.0.text": [expect.stringMatching(/^Use at most 4,000 characters/)] } } });
    expect((await post(slug, f.template.id, { sessionId: session.id, message: { role: "assistant", parts: [{ type: "text", text: "I am the model" }] } })).status).toBe(400);
    // The wrong template in the path, or a session id that is not this workspace's: 404.
    const other = await makeTemplate(f.scope, { name: `Other ${uid()}`, directives: "Other." });
    expect((await post(slug, other.id, { sessionId: session.id, message: message("hi") })).status).toBe(404);
    expect((await stop(slug, other.id, { sessionId: session.id })).status).toBe(404);
    expect((await stop(slug, f.template.id, { sessionId: 42 })).status).toBe(400);
    expect((await post(slug, f.template.id, { sessionId: session.id, message: message("hi"), replaces: "x".repeat(300) })).status).toBe(400);
    // The owner stops nothing when nothing is being written.
    expect(await (await stop(slug, f.template.id, { sessionId: session.id })).json()).toEqual({ stopped: false });
    expect((await post("Not A Slug!", f.template.id, { sessionId: session.id, message: message("hi") })).status).toBe(404);

    const outsider = await makeWorkspace();
    actAs(outsider.owner);
    expect(await approveProposalAction({ workspaceSlug: slug, proposalId, rating: 1 })).toMatchObject({ ok: false, error: { status: 404 } });
    expect((await post(slug, f.template.id, { sessionId: session.id, message: message("hi") })).status).toBe(404);
    expect((await stop(slug, f.template.id, { sessionId: session.id })).status).toBe(404);
    // An outsider's own workspace does not reach this proposal either.
    expect(await approveProposalAction({ workspaceSlug: outsider.workspace.slug, proposalId, rating: 1 })).toMatchObject({ ok: false, error: { status: 404 } });

    actAs(null);
    expect(await startSessionAction({ workspaceSlug: slug, templateId: f.template.id })).toMatchObject({ ok: false, error: { status: 401 } });
    expect((await post(slug, f.template.id, { sessionId: session.id, message: message("hi") })).status).toBe(401);
    expect(await db.templateVersion.count({ where: { templateId: f.template.id } })).toBe(1);
  });

  it("notes view: filters by kind and session number, searches words, stays in its template", async () => {
    const f = await fixture();
    const other = await makeTemplate(f.scope, { name: `Other ${uid()}`, directives: "Other." });
    const s1 = await makeEvolutionSession(f.template, { sessionNumber: 1, status: "completed" });
    const s2 = await makeEvolutionSession(f.template, { sessionNumber: 2 });
    const so = await makeEvolutionSession(other, { sessionNumber: 1 });
    await makeEvolutionNote(s1, { kind: "hypothesis", content: "Linking duplicate tickets should cut repeated replies." });
    await makeEvolutionNote(s1, { kind: "pattern", content: "Enterprise tickets are raised to P2 by hand." });
    await makeEvolutionNote(s2, { kind: "hypothesis", content: "Refund requests belong to Billing." });
    await makeEvolutionNote(so, { kind: "hypothesis", content: "Duplicates in another template." });

    const all = await listNotes({ workspaceId: f.workspace.id, templateId: f.template.id });
    expect(all).toHaveLength(3);
    expect(all[0]).toMatchObject({ sessionNumber: 2, content: "Refund requests belong to Billing." });
    expect((await listNotes({ workspaceId: f.workspace.id, templateId: f.template.id, kind: "hypothesis" })).map((n) => n.sessionNumber)).toEqual([2, 1]);
    expect(await listNotes({ workspaceId: f.workspace.id, templateId: f.template.id, session: 1, kind: "pattern" })).toHaveLength(1);
    // Stemmed full-text ("duplicates" finds "duplicate") and a substring fallback ("P2").
    expect((await listNotes({ workspaceId: f.workspace.id, templateId: f.template.id, q: "duplicates" })).map((n) => n.content)).toEqual(["Linking duplicate tickets should cut repeated replies."]);
    expect(await listNotes({ workspaceId: f.workspace.id, templateId: f.template.id, q: "P2" })).toHaveLength(1);
    expect(await listNotes({ workspaceId: f.workspace.id, templateId: f.template.id, q: "100%_" })).toHaveLength(0);
  });

  it("the chat route checks the caller before it reads a body, caps the body, wants JSON from this app, and refuses NUL", async () => {
    const f = await fixture();
    const slug = f.workspace.slug;
    const { session } = await startSessionService({ scope: f.scope, templateId: f.template.id });
    const huge = JSON.stringify({ sessionId: session.id, message: message("x".repeat(10 * 1024 * 1024)) });

    actAs(null);
    expect((await post(slug, f.template.id, huge)).status).toBe(401);
    const outsider = await makeWorkspace();
    actAs(outsider.owner);
    expect((await post(slug, f.template.id, huge)).status).toBe(404);

    actAs(f.members.member!);
    const tooLarge = await post(slug, f.template.id, JSON.stringify({ sessionId: session.id, message: message("x".repeat(1024 * 1024)) }));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ error: { message: "The request body is limited to 64 KB." } });
    expect((await post(slug, f.template.id, { sessionId: session.id, message: message("hi") }, { "content-type": "text/plain" })).status).toBe(415);
    const crossSite = await post(slug, f.template.id, { sessionId: session.id, message: message("hi") }, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ error: { message: "Cross-site requests are not accepted." } });
    const nul = await post(slug, f.template.id, { sessionId: session.id, message: message("hi\u0000there") });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ error: { message: expect.stringMatching(/NUL/) } });
    expect(await db.evolutionMessage.count({ where: { sessionId: session.id } })).toBe(0);
  });
});
