"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { ActionForm, FormError, SubmitButton } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { TEXT_LIMITS } from "@/lib/text-limits";
import { createTaskAction } from "../actions/create-task";

export function NewTaskForm({ workspaceSlug, templates }: { workspaceSlug: string; templates: { id: string; name: string }[] }) {
  const router = useRouter();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [templateId, setTemplateId] = useState(templates[0]?.id ?? "");
  const { run, pending, error, fieldError } = useAction(createTaskAction);
  return (
    <ActionForm
      aria-label="New task"
      className="space-y-4 p-5"
      onSubmit={() => void run({ workspaceSlug, title, description, templateId: templateId || undefined }, (t) => router.push(`/w/${workspaceSlug}/tasks/${t.id}`))}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_16rem]">
        <Field label="Title" htmlFor="task-title" error={fieldError("title")} limit={TEXT_LIMITS.taskTitle}>
          <Input id="task-title" required limit={TEXT_LIMITS.taskTitle} value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Reply to the enterprise renewal thread" />
        </Field>
        <Field label="Agent template" htmlFor="task-template" error={fieldError("templateId")}>
          <Select id="task-template" value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
            <option value="">No agent</option>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label="Description" htmlFor="task-description" error={fieldError("description")} limit={TEXT_LIMITS.taskDescription}>
        <Textarea id="task-description" rows={3} limit={TEXT_LIMITS.taskDescription} value={description} onChange={(e) => setDescription(e.target.value)} className="text-sm" />
      </Field>
      <FormError error={error} />
      <SubmitButton pending={pending} pendingLabel="Creating…">
        Create task
      </SubmitButton>
    </ActionForm>
  );
}
