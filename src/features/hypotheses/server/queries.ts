import "server-only";
import type { HypothesisOutcome } from "@/generated/prisma/enums";
import { db } from "@/server/db";
import { calibrationOf, describeCalibration, type Calibration, type Grade } from "../grade";
import { predictionLabel, type Metric } from "../metrics";

export type LedgerRow = {
  id: string;
  sessionId: string;
  sessionNumber: number;
  statement: string;
  prediction: string;
  metric: Metric;
  probability: number;
  createdAt: Date;
  checkAt: Date;
  outcome: HypothesisOutcome;
  gradedAt: Date | null;
  /** Why the grade: the figures in words (grade.ts), or why nothing could be tested. */
  reason: string | null;
  method: Grade["method"] | null;
};

const ROW_SELECT = {
  id: true, sessionId: true, metric: true, tool: true, category: true, direction: true, size: true, probability: true, createdAt: true, checkAt: true, outcome: true, gradedAt: true, figures: true,
  note: { select: { content: true, session: { select: { sessionNumber: true } } } },
} as const;

type Raw = Awaited<ReturnType<typeof rawRows>>[number];
const rawRows = (where: { workspaceId: string; templateId: string; outcome?: { in: HypothesisOutcome[] } }, take: number) =>
  db.hypothesis.findMany({ where, orderBy: { createdAt: "desc" }, take, select: ROW_SELECT });

function toRow(h: Raw): LedgerRow {
  const figures = h.figures as { reason?: string; method?: Grade["method"] } | null;
  return {
    id: h.id,
    sessionId: h.sessionId,
    sessionNumber: h.note.session.sessionNumber,
    statement: h.note.content,
    prediction: predictionLabel(h),
    metric: h.metric,
    probability: h.probability,
    createdAt: h.createdAt,
    checkAt: h.checkAt,
    outcome: h.outcome,
    gradedAt: h.gradedAt,
    reason: figures?.reason ?? null,
    method: figures?.method ?? null,
  };
}

/** The ledger of a template, newest first (at most 200), with the improver's calibration over all of it. */
export async function getTemplateHypotheses(scope: { workspaceId: string; templateId: string }): Promise<{ rows: LedgerRow[]; calibration: Calibration }> {
  const [rows, calibration] = await Promise.all([rawRows(scope, 200), improverCalibration(scope)]);
  return { rows: rows.map(toRow), calibration };
}

export async function improverCalibration(scope: { workspaceId: string; templateId: string }): Promise<Calibration> {
  const graded = await db.hypothesis.findMany({ where: { ...scope, outcome: { not: "open" } }, select: { probability: true, outcome: true } });
  return calibrationOf(graded);
}

/** Context lines: refuted ones ("tried, did not work") and confirmed ones, newest first, and the calibration. */
const CONTEXT_ROWS = 6;
export async function hypothesesForContext(scope: { workspaceId: string; templateId: string }): Promise<{ calibration: string | null; lines: string[] }> {
  const [rows, calibration] = await Promise.all([rawRows({ ...scope, outcome: { in: ["refuted", "confirmed"] } }, CONTEXT_ROWS), improverCalibration(scope)]);
  const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
  const lines = rows.map(toRow).map((r) =>
    r.outcome === "refuted"
      ? `Tried, did not work (session ${r.sessionNumber}): ${oneLine(r.statement)} — predicted ${r.prediction}; ${oneLine(r.reason ?? "")}`
      : `Confirmed (session ${r.sessionNumber}): ${oneLine(r.statement)} — ${oneLine(r.reason ?? "")}`,
  );
  return { calibration: calibration.graded || calibration.inconclusive ? `Your calibration: ${describeCalibration(calibration)}` : null, lines };
}
