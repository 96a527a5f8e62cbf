import Link from "next/link";
import { Badge } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDate } from "@/lib/format";
import { describeCalibration, type Calibration } from "../grade";
import type { LedgerRow } from "../server";

const OUTCOME_TONE = { open: "zinc", confirmed: "green", refuted: "red", inconclusive: "amber" } as const;
const OUTCOME_LABEL = { open: "waiting", confirmed: "confirmed", refuted: "refuted", inconclusive: "inconclusive" } as const;

/** The improver's calibration in a sentence, with what a Brier score means. */
export function CalibrationSummary({ calibration }: { calibration: Calibration }) {
  return (
    <div className="px-5 py-4 text-sm text-zinc-700" data-testid="calibration">
      <p className="font-medium text-zinc-900">{describeCalibration(calibration)}</p>
      <p className="mt-1 text-xs text-zinc-500">
        The Brier score is the mean squared gap between the probability the improver gave and what happened (1 confirmed, 0 refuted): 0 is perfect, 0.25 is what always saying
        &ldquo;50%&rdquo; scores. Inconclusive and waiting predictions are not scored.
      </p>
    </div>
  );
}

/** Every hypothesis with its prediction, check date and grade, newest first. */
export function HypothesesLedger({ rows, sessionHref }: { rows: LedgerRow[]; sessionHref: (sessionId: string) => string }) {
  if (!rows.length) {
    return (
      <div className="p-6">
        <EmptyState title="No predictions yet">The improver records a hypothesis with a prediction in each ritual; it is graded at the first ritual after its check date.</EmptyState>
      </div>
    );
  }
  return (
    <ol className="divide-y divide-zinc-100" data-testid="hypotheses-list">
      {rows.map((h) => (
        <li key={h.id} className="px-5 py-3" data-testid="hypothesis-row" data-outcome={h.outcome}>
          <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500">
            <Badge tone={OUTCOME_TONE[h.outcome]}>{OUTCOME_LABEL[h.outcome]}</Badge>
            <span className="font-medium text-zinc-800">{h.prediction}</span>
            <span>· stated {Math.round(h.probability * 100)}% likely</span>
            <span>· {h.outcome === "open" ? `checked at the first ritual after ${formatDate(h.checkAt)}` : `graded ${h.gradedAt ? formatDate(h.gradedAt) : ""}`}</span>
            <Link className="font-medium text-brand-600 hover:underline" href={sessionHref(h.sessionId)}>
              Session #{h.sessionNumber}
            </Link>
          </div>
          <p className="mt-1 whitespace-pre-wrap text-sm text-zinc-800">{h.statement}</p>
          {h.reason ? (
            <p className="mt-1 text-sm text-zinc-600" data-testid="hypothesis-reason">
              {h.reason}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
