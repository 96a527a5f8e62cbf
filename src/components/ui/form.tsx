import type { FormHTMLAttributes } from "react";
import { cn } from "@/lib/cn";
import { Button, type ButtonProps } from "./button";
import { Notice } from "./card";

// The pieces every action form repeats: submit without a page load, the pending button, and the
// error that no field shows.

/** A form whose submit runs `onSubmit` in the page (an action through useAction), never a browser post. */
export function ActionForm({ onSubmit, ...props }: Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit"> & { onSubmit: () => void }) {
  return (
    <form
      {...props}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    />
  );
}

/** A submit button, disabled and relabelled while its action runs. */
export function SubmitButton({ pending, pendingLabel, disabled, children, ...props }: ButtonProps & { pending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** The action's failure when no field shows it (field errors stand under their fields). */
export function FormError({ error }: { error: { message: string; fieldErrors?: unknown } | null }) {
  return error && !error.fieldErrors ? <Notice tone="error">{error.message}</Notice> : null;
}

/** An inline error message, announced; nothing when there is none. `className` sets size and placement. */
export function ErrorText({ message, as: Tag = "p", className = "text-sm" }: { message: string | null | undefined; as?: "p" | "span"; className?: string }) {
  return message ? (
    <Tag className={cn("text-red-600", className)} role="alert">
      {message}
    </Tag>
  ) : null;
}
