"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { useAction } from "@/lib/use-action";
import { createWorkspaceAction } from "../actions/create-workspace";

export function CreateWorkspaceForm() {
  const router = useRouter();
  const [name, setName] = useState("");
  const { run, pending, error, fieldError } = useAction(createWorkspaceAction);
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void run({ name }, (ws) => router.push(`/w/${ws.slug}`));
      }}
    >
      <Field label="Name" htmlFor="workspace-name" error={fieldError("name")}>
        <Input id="workspace-name" required placeholder="Acme support team" value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      {error && !error.fieldErrors ? <Notice tone="error">{error.message}</Notice> : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating…" : "Create workspace"}
      </Button>
    </form>
  );
}
