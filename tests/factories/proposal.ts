import type { Prisma } from "@/generated/prisma/client";
import { factoryDb, type FactoryDb } from "./db";

/** A pending proposal of new directives in the session. */
export async function makeProposal(
  session: { id: string; workspaceId: string; templateId: string },
  fields: Partial<Omit<Prisma.ProposalUncheckedCreateInput, "workspaceId" | "templateId" | "sessionId">> & { directives: string },
  db: FactoryDb = factoryDb(),
) {
  return db.proposal.create({
    data: { workspaceId: session.workspaceId, templateId: session.templateId, sessionId: session.id, rationale: "Proposed in a test", confidence: 0.8, status: "pending", ...fields },
  });
}
