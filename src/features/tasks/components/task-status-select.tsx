"use client";
import { Select } from "@/components/ui/field";
import { ErrorText } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { updateTaskAction } from "../actions/update-task";
import { taskStatusLabels } from "../labels";

export function TaskStatusSelect({ workspaceSlug, taskId, status }: { workspaceSlug: string; taskId: string; status: keyof typeof taskStatusLabels }) {
  const { run, pending, error } = useAction(updateTaskAction);
  return (
    <div>
      <Select aria-label="Status" className="h-9 w-40" value={status} disabled={pending} onChange={(e) => void run({ workspaceSlug, taskId, status: e.target.value as keyof typeof taskStatusLabels })}>
        {Object.entries(taskStatusLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
      <ErrorText className="mt-1 text-xs" message={error?.message} />
    </div>
  );
}
