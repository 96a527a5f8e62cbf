import type { Prisma } from "@/generated/prisma/client";
import { factoryDb, type FactoryDb } from "./db";

/**
 * An open preference conflict on the template between two reviewers, written as given (the ritual
 * raises real ones from decisions; this is for browser suites and states a ritual would not write).
 * Defaults: "Ana confirmed 9 of 10, Ben rejected 8 of 9" on `propose_status`.
 */
export async function makePreferenceConflictRow(
  template: { id: string; workspaceId: string },
  reviewers: [string, string],
  fields: Partial<Omit<Prisma.PreferenceConflictUncheckedCreateInput, "workspaceId" | "templateId">> = {},
  db: FactoryDb = factoryDb(),
) {
  const [hi, lo] = reviewers;
  return db.preferenceConflict.create({
    data: {
      workspaceId: template.workspaceId, templateId: template.id, tool: "propose_status", pairKey: [hi, lo].sort().join(":"),
      reviewers: [{ userId: hi, confirmed: 9, rejected: 1 }, { userId: lo, confirmed: 1, rejected: 8 }], pValue: 0.0011, windowDays: 56, ...fields,
    },
  });
}
