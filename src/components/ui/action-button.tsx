"use client";
import type { ReactNode } from "react";
import { useAction } from "@/lib/use-action";
import { useHydrated } from "@/lib/use-hydrated";
import type { ActionResult } from "@/server/action-client";
import { Button, type ButtonProps } from "./button";
import { ErrorText } from "./form";

/**
 * A button that runs one server action with a fixed input, its error beside it. `confirm`: a
 * question the person must accept first (for what cannot be undone).
 */
export function ActionButton<I, T>({
  action,
  input,
  confirm,
  className = "flex items-center gap-2",
  children,
  disabled,
  ...props
}: Omit<ButtonProps, "onClick" | "className"> & { action: (input: I) => Promise<ActionResult<T>>; input: I; confirm?: string; className?: string; children: ReactNode }) {
  const { run, pending, error } = useAction(action);
  // Until hydrated a click would be lost: the button waits for React (lib/use-hydrated.ts).
  const hydrated = useHydrated();
  return (
    <span className={className}>
      <ErrorText as="span" className="text-xs" message={error?.message} />
      <Button
        {...props}
        disabled={disabled || pending || !hydrated}
        onClick={() => {
          if (confirm && !window.confirm(confirm)) return;
          void run(input);
        }}
      >
        {children}
      </Button>
    </span>
  );
}
