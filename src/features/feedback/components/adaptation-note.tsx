import { cn } from "@/lib/cn";
import { plural } from "@/lib/format";

type Adaptation = { version: number; active: boolean; accuracy: number; baseAccuracy: number; corrections: number; relabelled: number } | null;

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** What the workspace's corrections taught the classifier: "12 labels changed after your corrections". */
export function AdaptationNote({ adaptation, className }: { adaptation: Adaptation; className?: string }) {
  if (!adaptation) return null;
  return (
    <p className={cn("rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800", className)} role="status" data-testid="adaptation-note">
      {adaptation.active
        ? `${plural(adaptation.relabelled, "label")} changed after your corrections. The classifier now follows ${plural(adaptation.corrections, "correction")} of this workspace (right on ${pct(adaptation.accuracy)} of held-out corrections, the shipped model ${pct(adaptation.baseAccuracy)}).`
        : `Your latest corrections did not make the classifier better on held-out corrections (${pct(adaptation.accuracy)} vs ${pct(adaptation.baseAccuracy)} for the shipped model), so it keeps the shipped model${adaptation.relabelled ? `; ${plural(adaptation.relabelled, "label")} went back to it` : ""}.`}
    </p>
  );
}
