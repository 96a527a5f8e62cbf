import { Badge } from "@/components/ui/card";
import type { WakeRunStatus } from "@/generated/prisma/enums";

const tone = { succeeded: "green", failed: "red", running: "amber" } as const satisfies Record<WakeRunStatus, string>;

export function RunStatusBadge({ status }: { status: WakeRunStatus }) {
  return <Badge tone={tone[status]}>{status}</Badge>;
}
