"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Field, Input } from "@/components/ui/field";
import { ActionForm, FormError, SubmitButton } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { TEXT_LIMITS } from "@/lib/text-limits";
import { createWorkspaceAction } from "../actions/create-workspace";

export function CreateWorkspaceForm() {
  const router = useRouter();
  const [name, setName] = useState("");
  const { run, pending, error, fieldError } = useAction(createWorkspaceAction);
  return (
    <ActionForm className="space-y-4" onSubmit={() => void run({ name }, (ws) => router.push(`/w/${ws.slug}`))}>
      <Field label="Name" htmlFor="workspace-name" error={fieldError("name")} limit={TEXT_LIMITS.workspaceName}>
        <Input id="workspace-name" required limit={TEXT_LIMITS.workspaceName} placeholder="Acme support team" value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <FormError error={error} />
      <SubmitButton className="w-full" pending={pending} pendingLabel="Creating…">
        Create workspace
      </SubmitButton>
    </ActionForm>
  );
}
