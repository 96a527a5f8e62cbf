import type { Prisma } from "@/generated/prisma/client";
import { factoryDb, type FactoryDb } from "./db";

type SessionRef = { id: string; workspaceId: string; templateId: string };

/** An evolution session row of the template (a one-on-one unless `origin` says otherwise), number 1 unless given. */
export async function makeEvolutionSession(
  template: { id: string; workspaceId: string },
  fields: Partial<Omit<Prisma.EvolutionSessionUncheckedCreateInput, "workspaceId" | "templateId">> = {},
  db: FactoryDb = factoryDb(),
) {
  return db.evolutionSession.create({ data: { workspaceId: template.workspaceId, templateId: template.id, sessionNumber: 1, ...fields } });
}

export async function makeEvolutionNote(
  session: SessionRef,
  fields: Partial<Omit<Prisma.EvolutionNoteUncheckedCreateInput, "workspaceId" | "templateId" | "sessionId">> & { content: string },
  db: FactoryDb = factoryDb(),
) {
  return db.evolutionNote.create({ data: { workspaceId: session.workspaceId, templateId: session.templateId, sessionId: session.id, kind: "hypothesis", ...fields } });
}

/** A persisted chat message (AI SDK UI message parts), as the chat route stores it. */
export async function makeEvolutionMessage(
  session: SessionRef,
  fields: Partial<Omit<Prisma.EvolutionMessageUncheckedCreateInput, "workspaceId" | "sessionId" | "parts">> & { parts: unknown[] },
  db: FactoryDb = factoryDb(),
) {
  const { parts, ...columns } = fields;
  return db.evolutionMessage.create({ data: { workspaceId: session.workspaceId, sessionId: session.id, role: "user", parts: parts as Prisma.InputJsonValue, ...columns } });
}
