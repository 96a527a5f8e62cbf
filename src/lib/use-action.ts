"use client";
import { useCallback, useState, useTransition } from "react";
import type { ActionResult } from "@/server/action-client";

type Failure = Extract<ActionResult<unknown>, { ok: false }>["error"];

/**
 * Calls a server action built on the action client and tracks its pending state and error
 * (message + per-field messages), so every form shows failures the same way.
 */
export function useAction<I, T>(action: (input: I) => Promise<ActionResult<T>>) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<Failure | null>(null);

  const run = useCallback(
    (input: I, onSuccess?: (data: T) => void) =>
      new Promise<ActionResult<T>>((resolve) => {
        startTransition(async () => {
          const result = await action(input);
          setError(result.ok ? null : result.error);
          if (result.ok) onSuccess?.(result.data);
          resolve(result);
        });
      }),
    [action],
  );

  const fieldError = (name: string) => error?.fieldErrors?.[name]?.[0];
  return { run, pending, error, fieldError, reset: () => setError(null) };
}
