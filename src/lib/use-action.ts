"use client";
import { useCallback, useState, useTransition } from "react";
import type { ActionResult } from "@/server/action-client";

type ServerFailure = Extract<ActionResult<unknown>, { ok: false }>["error"];
/** What the server said, or UNREACHABLE when no answer came. */
type Failure = Omit<ServerFailure, "code"> & { code: ServerFailure["code"] | "UNREACHABLE" };

/** The call never got an answer (offline, the server restarting, a dropped connection): nothing was decided. */
const UNREACHABLE: Failure = { status: 0, code: "UNREACHABLE", message: "Could not reach the server. Check your connection and try again." };

/**
 * Calls a server action built on the action client and tracks its pending state and error
 * (message + per-field messages), so every form shows failures the same way.
 */
export function useAction<I, T>(action: (input: I) => Promise<ActionResult<T>>) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<Failure | null>(null);

  const run = useCallback(
    (input: I, onSuccess?: (data: T) => void) =>
      new Promise<ActionResult<T> | { ok: false; error: Failure }>((resolve) => {
        startTransition(async () => {
          // A server action rejects only when its request failed; say so beside the control instead
          // of an unhandled rejection and a button that silently did nothing.
          const result: ActionResult<T> | { ok: false; error: Failure } = await action(input).catch(() => ({ ok: false as const, error: UNREACHABLE }));
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
