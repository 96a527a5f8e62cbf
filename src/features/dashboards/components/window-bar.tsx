import { plural } from "@/lib/format";
import type { WindowDays } from "../window";
import { WindowFilter } from "./window-filter";

/** "Dashboard for the last 30 days, compared with the 30 days before." and the 7 / 30 / 90 links. */
export function WindowBar({ days, params }: { days: WindowDays; params: Record<string, string | undefined> }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-zinc-500">
        Dashboard for the last <b className="font-semibold text-zinc-800">{plural(days, "day")}</b>, compared with the {plural(days, "day")} before.
      </p>
      <WindowFilter current={days} params={params} />
    </div>
  );
}
