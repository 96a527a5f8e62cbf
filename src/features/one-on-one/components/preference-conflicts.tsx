"use client";
import { Scale } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Badge, Card, CardHeader } from "@/components/ui/card";
import { LimitHint, Textarea } from "@/components/ui/field";
import { ActionForm, ErrorText, SubmitButton } from "@/components/ui/form";
import { formatDate } from "@/lib/format";
import { TEXT_LIMITS } from "@/lib/text-limits";
import { useAction } from "@/lib/use-action";
import { settlePreferenceConflictAction } from "../actions/settle-preference-conflict";
import type { PreferenceConflictView } from "../server/preference-conflicts";
import { toolWords } from "@/lib/words";

// Preference conflicts: reviewers who decide one kind of agent proposal systematically differently.
// The weekly ritual raises them; the team settles each one (a rule, or its own words, which the
// improver follows from then on) or dismisses it. While one is open the improver leaves that
// kind of proposal's directives alone.

type Props = { workspaceSlug: string; conflicts: PreferenceConflictView[]; canSettle: boolean };

export function PreferenceConflicts({ workspaceSlug, conflicts, canSettle }: Props) {
  if (!conflicts.length) return null;
  const open = conflicts.filter((c) => c.status === "open");
  return (
    <Card>
      <div data-testid="preference-conflicts">
        <CardHeader
          title="Reviewer conflicts"
          description={
            open.length
              ? "Reviewers disagree systematically on these proposals. The improver leaves them alone until the team settles what it wants."
              : "How the team settled its reviewers' disagreements. The improver follows these decisions."
          }
        />
        <ul className="divide-y divide-zinc-100">
          {conflicts.map((c) => (
            <li key={c.id} className="px-5 py-4" data-testid="preference-conflict" data-status={c.status}>
              <ConflictItem workspaceSlug={workspaceSlug} conflict={c} canSettle={canSettle} />
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

const STATUS: Record<PreferenceConflictView["status"], { tone: "amber" | "green" | "zinc"; label: string }> = {
  open: { tone: "amber", label: "Needs the team" },
  settled: { tone: "green", label: "Settled" },
  dismissed: { tone: "zinc", label: "Dismissed" },
};

function ConflictItem({ workspaceSlug, conflict: c, canSettle }: { workspaceSlug: string; conflict: PreferenceConflictView; canSettle: boolean }) {
  const [hi, lo] = c.reviewers;
  const rate = (r: (typeof c.reviewers)[number]) => Math.round((100 * r.confirmed) / Math.max(1, r.confirmed + r.rejected));
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="flex items-start gap-2 text-sm text-zinc-900">
          <Scale className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
          <span data-testid="conflict-summary">{c.summary}</span>
        </p>
        <Badge tone={STATUS[c.status].tone}>{STATUS[c.status].label}</Badge>
      </div>
      <p className="text-xs text-zinc-500">
        {hi && lo ? `Confirm rates ${rate(hi)}% and ${rate(lo)}% over the last ${c.windowDays} days` : `Over the last ${c.windowDays} days`} (Fisher&apos;s exact test: p = {c.pValue < 0.001 ? "< 0.001" : c.pValue.toFixed(3)}).
        {c.raisedIn ? ` Raised by ritual #${c.raisedIn.sessionNumber} on ${formatDate(new Date(c.createdAt))}.` : ""}
      </p>
      {c.status === "settled" ? (
        <p className="text-sm text-emerald-800" data-testid="conflict-decision">
          The team decided{c.settledBy ? ` (${c.settledBy}, ${formatDate(new Date(c.settledAt!))})` : ""}: {c.decision}
        </p>
      ) : null}
      {c.status === "dismissed" ? (
        <p className="text-sm text-zinc-600">
          Dismissed{c.settledBy ? ` by ${c.settledBy}` : ""}
          {c.decision ? `: ${c.decision}` : "."}
        </p>
      ) : null}
      {c.status === "open" && canSettle ? <SettleForm workspaceSlug={workspaceSlug} conflict={c} /> : null}
    </div>
  );
}

const RULINGS = [
  { value: "confirm", label: "Confirm these", hint: "The team wants these proposals." },
  { value: "reject", label: "Reject these", hint: "The team does not want them." },
  { value: "custom", label: "Our own rule", hint: "Say when the team wants them." },
  { value: "dismiss", label: "Dismiss", hint: "Not a real disagreement (different work, a one-off)." },
] as const;
type RulingValue = (typeof RULINGS)[number]["value"];

function SettleForm({ workspaceSlug, conflict }: { workspaceSlug: string; conflict: PreferenceConflictView }) {
  const router = useRouter();
  const textId = useId();
  const [ruling, setRuling] = useState<RulingValue>("confirm");
  const [text, setText] = useState("");
  const { run, pending, error, fieldError } = useAction(settlePreferenceConflictAction);
  const custom = ruling === "custom";
  return (
    <ActionForm
      className="space-y-2 rounded-lg border border-zinc-200 bg-zinc-50 p-3"
      aria-label={`Settle the conflict on ${toolWords(conflict.tool).plural}`}
      onSubmit={() => void run({ workspaceSlug, conflictId: conflict.id, ruling, ...(text.trim() ? { text } : {}) }, () => router.refresh())}
    >
      <fieldset>
        <legend className="text-sm font-medium text-zinc-800">What does the team want?</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {RULINGS.map((r) => (
            <label key={r.value} className="flex items-center gap-1.5 text-sm text-zinc-700" title={r.hint}>
              <input type="radio" name={`ruling-${conflict.id}`} value={r.value} checked={ruling === r.value} onChange={() => setRuling(r.value)} />
              {r.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={textId} className="block text-sm text-zinc-700">
          {custom ? "The team's preference (the improver follows it)" : ruling === "dismiss" ? "Why (optional)" : "When, or why (optional)"}
        </label>
        <Textarea id={textId} rows={2} limit={TEXT_LIMITS.conflictNote} value={text} onChange={(e) => setText(e.target.value)} required={custom} placeholder={custom ? "e.g. Propose a status change only when every checklist item is done" : ""} />
        <LimitHint limit={TEXT_LIMITS.conflictNote} />
      </div>
      <SubmitButton size="sm" pending={pending} pendingLabel="Saving…" disabled={custom && text.trim().length < 3}>
        {ruling === "dismiss" ? "Dismiss" : "Settle"}
      </SubmitButton>
      <ErrorText message={error && (fieldError("text") ?? fieldError("ruling") ?? error.message)} />
    </ActionForm>
  );
}
