"use client";
import { useState, type ChangeEvent, type InputHTMLAttributes } from "react";
import { cn } from "@/lib/cn";

// The counter of a text field with a length limit: nothing until the text reaches COUNT_FROM of the
// limit, then "1,980 / 2,000" under the field (amber at the limit, where the field stops typing).

/** The counter shows from this share of the limit. */
export const COUNT_FROM = 0.8;

export function CharacterCount({ length, limit, id }: { length: number; limit: number; id?: string }) {
  if (length < COUNT_FROM * limit) return null;
  return (
    <p id={id} className={cn("text-right text-xs tabular-nums", length >= limit ? "font-medium text-amber-700" : "text-zinc-500")} aria-live="polite" data-testid="character-count">
      {length.toLocaleString("en")} / {limit.toLocaleString("en")}
    </p>
  );
}

type Counted<E extends HTMLInputElement | HTMLTextAreaElement> = {
  value?: string | number | readonly string[];
  defaultValue?: string | number | readonly string[];
  onChange?: (e: ChangeEvent<E>) => void;
};

/**
 * The length of a field's text, controlled (read from `value`) or not (followed through its
 * change events, from `defaultValue`), and the change handler that keeps it.
 */
export function useTextLength<E extends HTMLInputElement | HTMLTextAreaElement>({ value, defaultValue, onChange }: Counted<E>) {
  const [typed, setTyped] = useState(() => String(defaultValue ?? "").length);
  const length = value === undefined ? typed : String(value).length;
  const handle = (e: ChangeEvent<E>) => {
    if (value === undefined) setTyped(e.target.value.length);
    onChange?.(e);
  };
  return { length, onChange: handle };
}

/** A bare `<input>` (a filter bar styles its own) that stops at `limit` and counts near it. */
export function CountedInput({ limit, ...props }: InputHTMLAttributes<HTMLInputElement> & { limit: number }) {
  const { length, onChange } = useTextLength<HTMLInputElement>(props);
  return (
    <>
      <input {...props} maxLength={limit} onChange={onChange} />
      <CharacterCount length={length} limit={limit} />
    </>
  );
}
