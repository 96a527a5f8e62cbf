import { Badge } from "@/components/ui/card";

const tones = { open: "zinc", in_progress: "amber", done: "green" } as const;
const labels = { open: "Open", in_progress: "In progress", done: "Done" } as const;

export function TaskStatusBadge({ status }: { status: keyof typeof tones }) {
  return <Badge tone={tones[status]}>{labels[status]}</Badge>;
}
