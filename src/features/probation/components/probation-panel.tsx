import { Badge, Card, CardHeader } from "@/components/ui/card";
import { formatDate, formatDateTime, plural } from "@/lib/format";
import { describeEffect, GUARDED, type MetricEffect } from "../effect";
import type { ProbationView } from "../server";
import { EndProbationButtons } from "./end-probation-buttons";

// The template page's probation card: which version is on trial against which, the window, each
// metric's effect with its 95% interval in words, and — while it is open — promote or roll back.

const STATUS: Record<ProbationView["status"], { label: string; tone: "brand" | "red" | "green" | "zinc" | "amber" }> = {
  running: { label: "Running", tone: "brand" },
  harm_detected: { label: "Harm detected", tone: "red" },
  graduated: { label: "Graduated", tone: "green" },
  promoted: { label: "Promoted early", tone: "green" },
  rolled_back: { label: "Rolled back", tone: "amber" },
  superseded: { label: "Superseded", tone: "zinc" },
};

function EffectRow({ effect }: { effect: MetricEffect }) {
  const harm = effect.sequential?.harm;
  const better = effect.sequential?.better;
  return (
    <li className="flex items-start gap-2 text-sm" data-testid="probation-effect" data-metric={effect.metric}>
      <span className={harm ? "font-medium text-red-700" : better ? "font-medium text-emerald-700" : "text-zinc-700"}>{describeEffect(effect)}</span>
      {harm ? <Badge tone="red">worse</Badge> : better ? <Badge tone="green">better</Badge> : null}
    </li>
  );
}

export function ProbationPanel({ slug, probation: p, canWrite }: { slug: string; probation: ProbationView; canWrite: boolean }) {
  const status = STATUS[p.status];
  const open = p.status === "running" || p.status === "harm_detected";
  const until = new Date(p.startedAt.getTime() + p.minDays * 86_400_000);
  const window = `${Math.round(p.share * 100)}% of instances keep v${p.baseline} until ${formatDate(until)} and ${plural(p.minRuns, "run")} per arm, whichever comes later.`;
  const effects = p.effects?.metrics ?? [];
  const guarded = effects.filter((e) => GUARDED.includes(e.metric));
  const other = effects.filter((e) => !GUARDED.includes(e.metric));
  return (
    <Card>
      <div id="probation" className="scroll-mt-20" data-testid="probation-panel" data-status={p.status}>
        <CardHeader
          title={`Probation · v${p.version} against v${p.baseline}`}
          description={open ? window : `${p.outcomeNote ?? status.label}${p.endedAt ? ` · ${formatDateTime(p.endedAt)}${p.endedBy ? ` by ${p.endedBy}` : ""}` : ""}`}
          actions={<Badge tone={status.tone}>{status.label}</Badge>}
        />
        <div className="space-y-3 p-5">
          {p.status === "harm_detected" ? (
            <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              v{p.version} measures worse than v{p.baseline}. {p.rollbackProposalId ? "The ritual proposed a rollback: decide on it in the ritual's review." : "The next ritual proposes a rollback; you can roll back now."}
            </p>
          ) : null}
          {p.effects ? (
            <>
              <p className="text-sm text-zinc-500">
                {plural(p.effects.runs.candidate, "run")} on v{p.version}, {p.effects.runs.baseline} on v{p.baseline}
                {p.measuredAt ? ` · measured ${formatDateTime(p.measuredAt)}` : ""}. Differences are v{p.version} − v{p.baseline}.
              </p>
              <ul className="space-y-1.5">
                {guarded.map((e) => (
                  <EffectRow key={e.metric} effect={e} />
                ))}
              </ul>
              {other.length ? (
                <ul className="space-y-1 text-zinc-500">
                  {other.map((e) => (
                    <EffectRow key={e.metric} effect={e} />
                  ))}
                </ul>
              ) : null}
            </>
          ) : (
            <p className="text-sm text-zinc-500">Not measured yet: the hourly check measures the arms once runs come in.</p>
          )}
          {open && canWrite ? <EndProbationButtons workspaceSlug={slug} probationId={p.id} version={p.version} baseline={p.baseline} /> : null}
        </div>
      </div>
    </Card>
  );
}
