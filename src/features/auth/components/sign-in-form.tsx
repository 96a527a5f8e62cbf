"use client";
import { useState } from "react";
import { Field, Input } from "@/components/ui/field";
import { ActionForm, FormError, SubmitButton } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { requestSignInLinkAction } from "../actions/request-sign-in-link";
import { TEXT_LIMITS } from "@/lib/text-limits";

export function SignInForm({ callbackUrl, defaultEmail, lockedEmail }: { callbackUrl: string; defaultEmail?: string; lockedEmail?: boolean }) {
  const [email, setEmail] = useState(defaultEmail ?? "");
  const { run, pending, error, fieldError } = useAction(requestSignInLinkAction);
  return (
    <ActionForm className="space-y-4" onSubmit={() => void run({ email, callbackUrl })}>
      <Field label="Email" htmlFor="email" error={fieldError("email")}>
        <Input
          id="email"
          name="email"
          type="email"
          limit={TEXT_LIMITS.email}
          autoComplete="email"
          required
          readOnly={lockedEmail}
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <FormError error={error} />
      <SubmitButton className="w-full" pending={pending} pendingLabel="Sending link…">
        Email me a sign-in link
      </SubmitButton>
    </ActionForm>
  );
}
