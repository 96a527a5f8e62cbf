"use client";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { ErrorText } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { updateProbationSettingsAction } from "../actions/update-probation-settings";

// A template's probation settings, in the versions card: what the next promoted version is held to.

type Settings = { share: number; days: number; minRuns: number };

export function describeSettings(s: Settings): string {
  if (s.share === 0) return "Probation is off: a promoted version reaches every instance at once, and nothing measures it against the one before.";
  return `A promoted version runs on probation: ${Math.round(s.share * 100)}% of instances keep the previous version for at least ${s.days} ${s.days === 1 ? "day" : "days"} and ${s.minRuns} runs per arm.`;
}

export function ProbationSettingsForm({ workspaceSlug, templateId, initial, canEdit }: { workspaceSlug: string; templateId: string; initial: Settings; canEdit: boolean }) {
  const router = useRouter();
  const ids = { share: useId(), days: useId(), runs: useId() };
  const [share, setShare] = useState(String(Math.round(initial.share * 100)));
  const [days, setDays] = useState(String(initial.days));
  const [runs, setRuns] = useState(String(initial.minRuns));
  const [saved, setSaved] = useState(false);
  const { run, pending, error, fieldError } = useAction(updateProbationSettingsAction);
  return (
    <details className="group border-t border-zinc-100" data-testid="probation-settings">
      <summary className="cursor-pointer list-none px-5 py-3 text-sm text-zinc-600 hover:text-zinc-900 [&::-webkit-details-marker]:hidden">
        {describeSettings(initial)} {canEdit ? <span className="font-medium text-brand-600">Change</span> : null}
      </summary>
      {canEdit ? (
        <form
          className="grid gap-4 px-5 pb-5 sm:grid-cols-3"
          onSubmit={(e) => {
            e.preventDefault();
            setSaved(false);
            void run({ workspaceSlug, templateId, share: Number(share) / 100, days: Number(days), minRuns: Number(runs) }, () => {
              setSaved(true);
              router.refresh();
            });
          }}
        >
          <Field label="Instances kept on the previous version (%)" htmlFor={ids.share} error={fieldError("share")} hint="0 turns probation off; at most 50.">
            <Input id={ids.share} type="number" min={0} max={50} step={5} value={share} onChange={(e) => setShare(e.target.value)} />
          </Field>
          <Field label="At least (days)" htmlFor={ids.days} error={fieldError("days")}>
            <Input id={ids.days} type="number" min={1} max={60} value={days} onChange={(e) => setDays(e.target.value)} />
          </Field>
          <Field label="And runs per arm" htmlFor={ids.runs} error={fieldError("minRuns")} hint="Whichever comes later ends the window.">
            <Input id={ids.runs} type="number" min={5} max={1000} value={runs} onChange={(e) => setRuns(e.target.value)} />
          </Field>
          <div className="flex items-center gap-3 sm:col-span-3">
            <Button type="submit" size="sm" disabled={pending}>
              {pending ? "Saving…" : "Save"}
            </Button>
            {saved ? <span className="text-sm text-emerald-700">Saved. The next promoted version is held to it.</span> : null}
            <ErrorText message={error && !error.fieldErrors ? error.message : null} />
          </div>
        </form>
      ) : null}
    </details>
  );
}
