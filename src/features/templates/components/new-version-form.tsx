"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input, Textarea } from "@/components/ui/field";
import { ActionForm, FormError, SubmitButton } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { TEXT_LIMITS } from "@/lib/text-limits";
import { createTemplateVersionAction } from "../actions/create-template-version";

export function NewVersionForm({ workspaceSlug, templateId, headDirectives, headNumber }: { workspaceSlug: string; templateId: string; headDirectives: string; headNumber: number }) {
  const [open, setOpen] = useState(false);
  const [directives, setDirectives] = useState(headDirectives);
  const [rationale, setRationale] = useState("");
  const [created, setCreated] = useState<number | null>(null);
  const { run, pending, error, fieldError } = useAction(createTemplateVersionAction);
  if (!open) {
    return (
      <div className="flex items-center gap-3">
        <Button variant="secondary" onClick={() => { setDirectives(headDirectives); setOpen(true); setCreated(null); }}>
          Edit directives → new version
        </Button>
        {created ? <span className="text-sm text-emerald-700" role="status">Version {created} is now active.</span> : null}
      </div>
    );
  }
  return (
    <ActionForm
      className="space-y-4"
      aria-label="New version"
      onSubmit={() =>
        void run({ workspaceSlug, templateId, directives, rationale: rationale || undefined }, (v) => {
          setCreated(v.number);
          setOpen(false);
          setRationale("");
        })
      }
    >
      <Field label={`Directives (based on v${headNumber})`} htmlFor="version-directives" error={fieldError("directives")} limit={TEXT_LIMITS.directives}>
        <Textarea id="version-directives" limit={TEXT_LIMITS.directives} rows={14} value={directives} onChange={(e) => setDirectives(e.target.value)} className="font-mono text-sm" />
      </Field>
      <Field label="Why this change?" htmlFor="version-rationale" error={fieldError("rationale")} hint="Kept with the version; the improver reads it." limit={TEXT_LIMITS.versionRationale}>
        <Input id="version-rationale" limit={TEXT_LIMITS.versionRationale} value={rationale} onChange={(e) => setRationale(e.target.value)} placeholder="Agents over-estimated small tasks" />
      </Field>
      <FormError error={error} />
      <div className="flex gap-2">
        <SubmitButton pending={pending} pendingLabel="Saving…" disabled={directives.trim() === headDirectives.trim()}>
          Create and activate
        </SubmitButton>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </ActionForm>
  );
}
