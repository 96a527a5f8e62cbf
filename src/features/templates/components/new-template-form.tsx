"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Field, Input, Textarea } from "@/components/ui/field";
import { ActionForm, FormError, SubmitButton } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { TEXT_LIMITS } from "@/lib/text-limits";
import { createTemplateAction } from "../actions/create-template";

export function NewTemplateForm({ workspaceSlug }: { workspaceSlug: string }) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [directives, setDirectives] = useState("");
  const { run, pending, error, fieldError } = useAction(createTemplateAction);
  return (
    <ActionForm
      className="space-y-5 p-5"
      onSubmit={() => void run({ workspaceSlug, name, description, directives, kind: "taskAgent", modelId: "default" }, (t) => router.push(`/w/${workspaceSlug}/templates/${t.id}`))}
    >
      <Field label="Name" htmlFor="template-name" error={fieldError("name")} limit={TEXT_LIMITS.templateName}>
        <Input id="template-name" required limit={TEXT_LIMITS.templateName} value={name} onChange={(e) => setName(e.target.value)} placeholder="Support Triage Agent" />
      </Field>
      <Field label="Description" htmlFor="template-description" error={fieldError("description")} hint="One line: what agents on this template do." limit={TEXT_LIMITS.templateDescription}>
        <Input id="template-description" limit={TEXT_LIMITS.templateDescription} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <Field label="Directives (version 1)" htmlFor="template-directives" error={fieldError("directives")} hint="The system prompt every instance runs with." limit={TEXT_LIMITS.directives}>
        <Textarea id="template-directives" required limit={TEXT_LIMITS.directives} rows={12} value={directives} onChange={(e) => setDirectives(e.target.value)} className="font-mono text-sm" />
      </Field>
      <FormError error={error} />
      <SubmitButton pending={pending} pendingLabel="Creating…">
        Create template
      </SubmitButton>
    </ActionForm>
  );
}
