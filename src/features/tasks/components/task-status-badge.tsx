import { Badge } from "@/components/ui/card";
import { taskStatusLabels } from "../schemas";

const tones = { open: "zinc", in_progress: "amber", done: "green" } as const;

export function TaskStatusBadge({ status }: { status: keyof typeof tones }) {
  return <Badge tone={tones[status]}>{taskStatusLabels[status]}</Badge>;
}
