"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/card";
import { Field, Input, Textarea } from "@/components/ui/field";
import { useAction } from "@/lib/use-action";
import { createTemplateAction } from "../actions/create-template";

export function NewTemplateForm({ workspaceSlug }: { workspaceSlug: string }) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [directives, setDirectives] = useState("");
  const { run, pending, error, fieldError } = useAction(createTemplateAction);
  return (
    <form
      className="space-y-5 p-5"
      onSubmit={(e) => {
        e.preventDefault();
        void run({ workspaceSlug, name, description, directives, kind: "taskAgent", modelId: "default" }, (t) => router.push(`/w/${workspaceSlug}/templates/${t.id}`));
      }}
    >
      <Field label="Name" htmlFor="template-name" error={fieldError("name")}>
        <Input id="template-name" required value={name} onChange={(e) => setName(e.target.value)} placeholder="Support Triage Agent" />
      </Field>
      <Field label="Description" htmlFor="template-description" error={fieldError("description")} hint="One line: what agents on this template do.">
        <Input id="template-description" value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <Field label="Directives (version 1)" htmlFor="template-directives" error={fieldError("directives")} hint="The system prompt every instance runs with.">
        <Textarea
          id="template-directives"
          required
          rows={12}
          value={directives}
          onChange={(e) => setDirectives(e.target.value)}
          className="font-mono text-sm"
        />
      </Field>
      {error && !error.fieldErrors ? <Notice tone="error">{error.message}</Notice> : null}
      <Button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create template"}
      </Button>
    </form>
  );
}
