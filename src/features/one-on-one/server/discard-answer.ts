import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Tx } from "@/server/db";
import { conflict, forbidden } from "@/server/errors";
import type { ImproverUIMessage } from "./chat";
import { assertOpen, lockSession } from "./session-state";

type Part = ImproverUIMessage["parts"][number];

/** The proposals and notes an answer's tool calls wrote (their ids are in the tool outputs). */
export function writesOf(parts: Part[]) {
  const proposalIds: string[] = [];
  const noteIds: string[] = [];
  for (const part of parts) {
    if (part.type === "tool-propose_directives" && part.state === "output-available" && part.output.ok) proposalIds.push(part.output.proposalId);
    if (part.type === "tool-record_evolution_note" && part.state === "output-available" && part.output.ok) noteIds.push(part.output.noteId);
  }
  return { proposalIds, noteIds };
}

/**
 * "Regenerate": the improver's newest answer is taken back before it answers the same message
 * again — the stored message is deleted, the notes it recorded are deleted and its proposal, still
 * undecided, is superseded, all in one transaction under the session's lock. Only the newest
 * answer of an open session, to a person's message (not a ritual step's), and only while its
 * proposal is undecided: a decided proposal is history and stays (409).
 */
export async function discardAnswer(t: Tx, { workspaceId, sessionId, messageId }: { workspaceId: string; sessionId: string; messageId: string }) {
  assertOpen(await lockSession(t, workspaceId, sessionId));
  const [answer, asked] = await t.evolutionMessage.findMany({ where: { workspaceId, sessionId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 2 });
  if (!answer || answer.id !== messageId || answer.role !== "assistant") throw conflict("Only the improver's newest answer can be regenerated: reload the page to see the latest messages.");
  if (asked?.role !== "user" || (asked.metadata as { kind?: string } | null)?.kind === "ritual") throw conflict("This answer belongs to the weekly ritual: reject its proposal with a reason instead.");
  await takeBack(t, workspaceId, sessionId, answer);
}

/** An answer's writes undone (its undecided proposal superseded, its notes deleted) and the answer deleted; 409 when its proposal was decided. */
async function takeBack(t: Tx, workspaceId: string, sessionId: string, answer: { id: string; parts: unknown }) {
  const { proposalIds, noteIds } = writesOf(answer.parts as Part[]);
  if (proposalIds.length) {
    const decided = await t.proposal.count({ where: { workspaceId, sessionId, id: { in: proposalIds }, status: { notIn: ["pending", "draft", "superseded"] } } });
    if (decided > 0) throw conflict("This answer's proposal was already decided, so the answer stays. Write a new message instead.");
    await t.proposal.updateMany({ where: { workspaceId, sessionId, id: { in: proposalIds }, status: { in: ["pending", "draft"] } }, data: { status: "superseded" } });
  }
  if (noteIds.length) await t.evolutionNote.deleteMany({ where: { workspaceId, sessionId, id: { in: noteIds } } });
  await t.evolutionMessage.delete({ where: { id: answer.id } });
}

/**
 * "Edit": the person's newest message gets new text and is answered again — its answer, if there
 * is one, taken back like Regenerate's (same rules: undecided proposal only, 409 otherwise), and
 * the message's text replaced, in one transaction under the session's lock. Only the newest
 * message a person wrote (not the opening, a rejection or a ritual step), only its own author (403).
 */
export async function editMessage(
  t: Tx,
  { workspaceId, sessionId, messageId, userId, parts }: { workspaceId: string; sessionId: string; messageId: string; userId: string | null; parts: { type: "text"; text: string }[] },
) {
  assertOpen(await lockSession(t, workspaceId, sessionId));
  const newest = await t.evolutionMessage.findMany({ where: { workspaceId, sessionId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 2 });
  const [asked, answer] = newest[0]?.role === "assistant" ? [newest[1], newest[0]] : [newest[0], undefined];
  if (!asked || asked.id !== messageId || asked.role !== "user") throw conflict("Only your newest message can be edited: reload the page to see the latest messages.");
  const kind = (asked.metadata as { kind?: string } | null)?.kind;
  if (kind) throw conflict(kind === "rejection" ? "A rejection's reason cannot be edited: write a new message instead." : "This message cannot be edited.");
  if (asked.authorUserId !== userId) throw forbidden("Only its author can edit a message.");
  if (answer) await takeBack(t, workspaceId, sessionId, answer);
  await t.evolutionMessage.updateMany({ where: { id: asked.id, workspaceId, sessionId }, data: { parts: parts as unknown as Prisma.InputJsonValue } });
}
