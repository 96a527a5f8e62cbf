import "server-only";

export { gradeDueHypotheses, gradeOne } from "./grade-due";
export { getTemplateHypotheses, hypothesesForContext, improverCalibration, type LedgerRow } from "./queries";
export { recordNote, type NoteToRecord } from "./record";
export { windowStats, type WindowPlan } from "./window-stats";
