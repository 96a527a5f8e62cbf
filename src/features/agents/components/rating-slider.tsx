"use client";
import { useId, useState, type InputHTMLAttributes } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/form";
import { cn } from "@/lib/cn";
import { useAction } from "@/lib/use-action";
import { useHydrated } from "@/lib/use-hydrated";
import { rateRunAction } from "../actions/rate-run";

const anchors = [
  { value: 0, label: "Needs work" },
  { value: 0.5, label: "Adequate" },
  { value: 1, label: "Excellent" },
];

export function anchorFor(v: number) {
  return v < 0.34 ? "Needs work" : v < 0.67 ? "Adequate" : "Excellent";
}


/**
 * The 0–1 rating input every rating uses (runs, proposals, sessions): steps of 0.05, spoken as
 * "0.75, Excellent". Disabled until hydrated: a move made earlier would show but not be kept.
 */
export function RatingRange({ value, onChange, className, disabled, ...rest }: { value: number; onChange: (value: number) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type">) {
  const hydrated = useHydrated();
  return (
    <input
      {...rest}
      disabled={disabled || !hydrated}
      type="range"
      min={0}
      max={1}
      step={0.05}
      value={value}
      aria-valuetext={`${value.toFixed(2)}, ${anchorFor(value)}`}
      onChange={(e) => onChange(Number(e.target.value))}
      className={cn("h-2 cursor-pointer accent-brand-600", className)}
    />
  );
}

/**
 * 0–1 run rating with labelled anchors; saving replaces an earlier rating. Disabled until hydrated:
 * a move made before React handles the page would show on the thumb but not in the value saved.
 * "Saved" names the value the server stored.
 */
export function RatingSlider({ workspaceSlug, runId, initial, readOnly }: { workspaceSlug: string; runId: string; initial: number | null; readOnly?: boolean }) {
  const id = useId();
  const [value, setValue] = useState(initial ?? 0.5);
  const [saved, setSaved] = useState(initial);
  const { run, pending, error } = useAction(rateRunAction);
  const hydrated = useHydrated();
  if (readOnly) {
    return <span className="text-sm text-zinc-600">{saved == null ? "Not rated" : `${saved.toFixed(2)} · ${anchorFor(saved)}`}</span>;
  }
  return (
    <div className="flex items-start gap-2">
      <div className="w-36">
        <RatingRange id={id} value={value} onChange={setValue} aria-label="Rating" list={`${id}-anchors`} className="w-full" />
        <datalist id={`${id}-anchors`}>
          {anchors.map((a) => (
            <option key={a.value} value={a.value} label={a.label} />
          ))}
        </datalist>
        <div className="flex justify-between gap-1 whitespace-nowrap text-[10px] leading-tight text-zinc-500" aria-hidden>
          {anchors.map((a) => (
            <span key={a.value}>{a.label}</span>
          ))}
        </div>
      </div>
      <span className="w-9 pt-0.5 text-right font-mono text-xs tabular-nums">{value.toFixed(2)}</span>
      {/* "Save" on screen (it sits in a table's row); "Save rating" to a screen reader. */}
      <Button size="sm" variant={saved === value ? "ghost" : "secondary"} disabled={!hydrated || pending || saved === value} aria-label={saved === value ? undefined : "Save rating"} onClick={() => void run({ workspaceSlug, runId, rating: value }, (stored) => setSaved(stored.rating))}>
        {saved === value && saved != null ? `Saved ${saved.toFixed(2)}` : "Save"}
      </Button>
      <ErrorText className="text-xs" message={error?.message} />
    </div>
  );
}
