import type { PrismaClient } from "../../src/generated/prisma/client";
import { classifyFeedbackText } from "../../src/features/feedback/classifier/model";
import { classifierSource, type WrittenSource } from "../../src/features/feedback/rules";
import { reasonVerdicts } from "../../src/features/feedback/reason-verdicts";
import { storeFeedbackLabels } from "../../src/features/feedback/store-labels";

/**
 * The demo's written texts (observations, decision reasons) labeled by the built-in classifier at
 * once — what the background job does within a minute of the app starting — so the first page a
 * visitor opens already shows them classified. Returns how many it labeled.
 */
export async function classifyDemoFeedback(prisma: PrismaClient, workspaceId: string): Promise<number> {
  const waiting = await prisma.pendingFeedback.findMany({ where: { workspaceId }, select: { sourceType: true, sourceId: true, text: true } });
  const verdicts = await reasonVerdicts(prisma, workspaceId, waiting);
  const labeled = waiting.map((w) => {
    const sourceType = w.sourceType as WrittenSource;
    const { sentiment, category, confidence } = classifyFeedbackText(w.text, classifierSource(sourceType, verdicts.get(w.sourceId)));
    return { key: { sourceType, sourceId: w.sourceId }, label: { sentiment, category, confidence } };
  });
  for (let i = 0; i < labeled.length; i += 500) await storeFeedbackLabels(prisma, workspaceId, labeled.slice(i, i + 500));
  return labeled.length;
}
