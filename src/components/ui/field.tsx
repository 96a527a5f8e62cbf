import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cn } from "@/lib/cn";
import { atMostHint } from "@/lib/text-limits";
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

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(control, "h-10", className)} {...props} />;
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(control, "h-10 pr-8", className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(control, "p-3", className)} {...props} />;
}
