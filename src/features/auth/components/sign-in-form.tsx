"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { Notice } from "@/components/ui/card";
import { useAction } from "@/lib/use-action";
import { requestSignInLinkAction } from "../actions/request-sign-in-link";

export function SignInForm({ callbackUrl, defaultEmail, lockedEmail }: { callbackUrl: string; defaultEmail?: string; lockedEmail?: boolean }) {
  const [email, setEmail] = useState(defaultEmail ?? "");
  const { run, pending, error, fieldError } = useAction(requestSignInLinkAction);
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void run({ email, callbackUrl });
      }}
    >
      <Field label="Email" htmlFor="email" error={fieldError("email")}>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          readOnly={lockedEmail}
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      {error && !error.fieldErrors ? <Notice tone="error">{error.message}</Notice> : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Sending link…" : "Email me a sign-in link"}
      </Button>
    </form>
  );
}
