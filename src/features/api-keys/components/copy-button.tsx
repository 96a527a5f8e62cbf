"use client";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Copies `text`; the Clipboard API needs a secure context, so it says when to copy by hand. */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setState("copied");
          setTimeout(() => setState("idle"), 2000);
        } catch {
          setState("failed");
        }
      }}
    >
      {state === "copied" ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
      {state === "copied" ? "Copied" : state === "failed" ? "Select and copy it by hand" : label}
    </Button>
  );
}

/** A signing secret shown to the people who manage it: labelled, in full, with its copy button (webhooks, replay endpoints). */
export function SigningSecret({ secret, testId }: { secret: string; testId: string }) {
  return (
    <>
      <span className="text-zinc-600">Signing secret</span>
      <code className="break-all rounded bg-zinc-100 px-2 py-0.5 text-xs" data-testid={testId}>
        {secret}
      </code>
      <CopyButton text={secret} />
    </>
  );
}
