"use client";
import { useState } from "react";
import { Notice } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { ActionForm, FormError, SubmitButton } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { inviteMemberAction } from "../actions/invite-member";
import { invitableRoles, roleLabels, type Role } from "../permissions";
import type { InviteResult } from "../server/invite-member";
import { TEXT_LIMITS } from "@/lib/text-limits";

export function InviteForm({ workspaceSlug, myRole }: { workspaceSlug: string; myRole: Role }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");
  const [sent, setSent] = useState<InviteResult | null>(null);
  const { run, pending, error, fieldError } = useAction(inviteMemberAction);

  return (
    <ActionForm
      aria-label="Invite a teammate"
      className="space-y-4 p-5"
      onSubmit={() => {
        setSent(null);
        void run({ workspaceSlug, email, role }, (data) => {
          setSent(data);
          setEmail("");
        });
      }}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <Field label="Email" htmlFor="invite-email" error={fieldError("email")}>
          <Input id="invite-email" type="email" required limit={TEXT_LIMITS.email} placeholder="teammate@company.com" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label="Role" htmlFor="invite-role" error={fieldError("role")}>
          <Select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {invitableRoles(myRole).map((r) => (
              <option key={r} value={r}>
                {roleLabels[r].label}
              </option>
            ))}
          </Select>
        </Field>
        <SubmitButton pending={pending} pendingLabel="Sending…">
          Send invitation
        </SubmitButton>
      </div>
      <p className="text-xs text-zinc-500">{roleLabels[role].description}.</p>
      <FormError error={error} />
      {sent ? (
        <Notice tone={sent.emailSent ? "success" : "info"}>
          {sent.emailSent ? `Invitation sent to ${sent.email}.` : `Invitation created for ${sent.email}, but the email could not be sent.`}{" "}
          You can also share the link directly (it works once, for that address):{" "}
          <code className="break-all text-xs" data-testid="invite-link">
            {sent.inviteUrl}
          </code>
        </Notice>
      ) : null}
    </ActionForm>
  );
}
