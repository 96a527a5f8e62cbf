"use client";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cn } from "@/lib/cn";
import { atMostHint } from "@/lib/text-limits";
import { CharacterCount, useTextLength } from "./character-count";
import { ErrorText } from "./form";

const control =
  "block w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-xs placeholder:text-zinc-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20 disabled:bg-zinc-100";

/** A labelled control; `limit` states the text's length limit beside it (the error says it too). */
export function Field({ label, htmlFor, error, hint, limit, children }: { label: string; htmlFor: string; error?: string; hint?: ReactNode; limit?: number; children: ReactNode }) {
  const note = limit ? <>{hint ? <>{hint} </> : null}{atMostHint(limit)}</> : hint;
  return (
    <div className="space-y-1.5">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-zinc-700">
        {label}
      </label>
      {children}
      {error ? <ErrorText message={error} /> : note ? <p className="text-xs text-zinc-500" id={`${htmlFor}-hint`}>{note}</p> : null}
    </div>
  );
}

/** The length limit of a text typed outside a `Field` (reason boxes): "At most 1,000 characters." */
export function LimitHint({ limit, id }: { limit: number; id?: string }) {
  return <p className="text-xs text-zinc-500" id={id}>{atMostHint(limit)}</p>;
}

type Limited = {
  /**
   * The text's length limit, the constant its schema's `.max` uses (TEXT_LIMITS): the field stops
   * typing there (`maxLength`) and counts near it (CharacterCount).
   */
  limit?: number;
};

/** A limited control with its count beneath; an unlimited one as it is. */
function withCount(control: ReactNode, length: number, limit: number | undefined) {
  if (!limit) return control;
  return (
    <>
      {control}
      <CharacterCount length={length} limit={limit} />
    </>
  );
}

export function Input({ className, limit, ...props }: InputHTMLAttributes<HTMLInputElement> & Limited) {
  const { length, onChange } = useTextLength<HTMLInputElement>(props);
  return withCount(<input className={cn(control, "h-10", className)} {...props} maxLength={limit ?? props.maxLength} onChange={onChange} />, length, limit);
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(control, "h-10 pr-8", className)} {...props} />;
}

export function Textarea({ className, limit, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & Limited) {
  const { length, onChange } = useTextLength<HTMLTextAreaElement>(props);
  return withCount(<textarea className={cn(control, "p-3", className)} {...props} maxLength={limit ?? props.maxLength} onChange={onChange} />, length, limit);
}
