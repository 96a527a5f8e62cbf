import { Bot, CalendarClock, History, ShieldCheck, Sparkles } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Badge, Card, CardHeader } from "@/components/ui/card";
import { STATUS_LABEL, STATUS_TONE } from "@/features/one-on-one/status";
import { timeAgo } from "@/lib/format";
import type { RitualSessionSummary, TemplateRitualPanel } from "../server/queries";
import { describeSchedule, formatInZone } from "./format";
import { ImproverLifecycleButton } from "./improver-lifecycle-button";
import { RunRitualButton } from "./run-ritual-button";
import { ScheduleForm } from "./schedule-form";

// The template page's ritual card: when the improver meets next, how the last ritual ended, the
// one under way, the improver itself (pause / resume), "Run ritual now" and the schedule override.

type Props = {
  slug: string;
  templateId: string;
  panel: TemplateRitualPanel;
  canRun: boolean;
  canManage: boolean;
};

export function RitualPanel({ slug, templateId, panel, canRun, canManage }: Props) {
  if (panel.capped) {
    return (
      <Card>
        <div className="flex items-start gap-3 px-5 py-4" data-testid="ritual-panel" data-capped="true">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-zinc-400" aria-hidden />
          <div>
            <h2 className="text-base font-semibold text-zinc-900">Edited by people only</h2>
            <p className="mt-0.5 text-sm text-zinc-500">
              Edited by people only — no improver (recursion capped at depth 2). This level-{panel.level} template directs the meta-improver; change it with a new version below.
            </p>
          </div>
        </div>
      </Card>
    );
  }
  const weekly = panel.cadence === "weekly";
  const { improver } = panel;
  const paused = !!improver && improver.lifecycle !== "active";
  const busy = !!panel.openRitual || !!panel.openOneOnOne;
  return (
    <Card>
      <div data-testid="ritual-panel">
        <CardHeader
          title={weekly ? "Weekly ritual" : "Monthly meta ritual"}
          description={
            <>
              {describeSchedule(panel.schedule, panel.cadence)}
              {weekly ? ", the improver reviews the new feedback and proposes directives for your approval." : ", the meta-improver reviews how the improvers did and proposes better improver directives."}
            </>
          }
          actions={canRun ? <RunRitualButton workspaceSlug={slug} templateId={templateId} disabled={paused || busy} /> : null}
        />
        <div className="grid divide-y divide-zinc-100 sm:grid-cols-2 sm:divide-y-0 lg:grid-cols-4 lg:divide-x">
          <Tile icon={<CalendarClock className="size-4" aria-hidden />} label="Next ritual">
            {panel.nextRitualAt ? (
              <>
                <span data-testid="next-ritual">{formatInZone(panel.nextRitualAt, panel.schedule.timezone)}</span>
                {panel.overdue ? <Sub>Due: starts at the next hourly check.</Sub> : null}
              </>
            ) : (
              <>
                <span data-testid="next-ritual">Paused</span>
                <Sub>No ritual runs until the improver is resumed.</Sub>
              </>
            )}
          </Tile>
          <Tile icon={<History className="size-4" aria-hidden />} label="Last ritual">
            {panel.lastRitual ? <LastRitual slug={slug} templateId={templateId} ritual={panel.lastRitual} /> : <span className="font-normal text-zinc-500">None yet</span>}
          </Tile>
          <Tile icon={<Sparkles className="size-4" aria-hidden />} label="Under way">
            {panel.openRitual ? (
              <>
                <Link className="text-brand-700 hover:underline" href={`/w/${slug}/rituals/${panel.openRitual.id}`} data-testid="open-ritual-link">
                  Ritual #{panel.openRitual.sessionNumber}
                </Link>{" "}
                <Badge tone={STATUS_TONE[panel.openRitual.status]}>{STATUS_LABEL[panel.openRitual.status]}</Badge>
                {panel.openRitual.status === "awaiting_review" && panel.openRitual.decisionDueAt ? (
                  <Sub>Decide by {formatInZone(panel.openRitual.decisionDueAt, panel.schedule.timezone)}</Sub>
                ) : null}
              </>
            ) : panel.openOneOnOne ? (
              <>
                <Link className="text-brand-700 hover:underline" href={`/w/${slug}/templates/${templateId}/one-on-one`}>
                  One-on-one #{panel.openOneOnOne.sessionNumber}
                </Link>
                <Sub>The ritual waits until it ends.</Sub>
              </>
            ) : (
              <span className="font-normal text-zinc-500">Nothing</span>
            )}
          </Tile>
          <Tile icon={<Bot className="size-4" aria-hidden />} label={weekly ? "Improver" : "Meta-improver"}>
            {improver ? (
              <>
                <span className="flex flex-wrap items-center gap-1.5">
                  <span className="truncate">{improver.displayName}</span>
                  <Badge tone={paused ? "amber" : "green"}>{paused ? "Paused" : "Active"}</Badge>
                </span>
                <Sub>
                  {improver.lastOneOnOneAt
                    ? `${improver.totalSessionsCompleted} ${improver.totalSessionsCompleted === 1 ? "ritual" : "rituals"} completed · last ${timeAgo(improver.lastOneOnOneAt)}`
                    : "No ritual completed yet"}
                </Sub>
              </>
            ) : (
              <>
                <span className="font-normal text-zinc-500">Not created yet</span>
                <Sub>Created with the first ritual (or at the next hourly check).</Sub>
              </>
            )}
            {canManage ? (
              <div className="mt-2">
                <ImproverLifecycleButton workspaceSlug={slug} templateId={templateId} paused={paused} />
              </div>
            ) : null}
          </Tile>
        </div>
        <details className="group border-t border-zinc-100">
          <summary className="cursor-pointer list-none px-5 py-3 text-sm font-medium text-zinc-600 hover:text-zinc-900 [&::-webkit-details-marker]:hidden">
            <span className="mr-1 inline-block transition-transform group-open:rotate-90" aria-hidden>
              ›
            </span>
            Schedule:{" "}
            <span className="font-normal text-zinc-500" data-testid="schedule-source">
              {panel.override.weekday == null && panel.override.hour == null && panel.override.timezone == null
                ? "follows the workspace's schedule"
                : "this template's own schedule"}
            </span>
          </summary>
          <div className="px-5 pb-5">
            {canManage ? null : (
              <p className="mb-3 text-sm text-zinc-500">
                Only admins change the schedule. Workspace default: {describeSchedule(panel.workspaceSchedule)} (
                <Link className="text-brand-700 hover:underline" href={`/w/${slug}/settings/schedule`}>
                  settings
                </Link>
                ).
              </p>
            )}
            <ScheduleForm
              workspaceSlug={slug}
              target={{ kind: "template", templateId, fallback: panel.workspaceSchedule }}
              initial={panel.override}
              cadence={panel.cadence}
              canEdit={canManage}
            />
          </div>
        </details>
      </div>
    </Card>
  );
}

function Tile({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 px-5 py-4">
      <p className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-zinc-500">
        {icon}
        {label}
      </p>
      <div className="mt-1 text-sm font-semibold text-zinc-900">{children}</div>
    </div>
  );
}

const Sub = ({ children }: { children: ReactNode }) => <span className="mt-0.5 block text-xs font-normal text-zinc-500">{children}</span>;

function LastRitual({ slug, templateId, ritual }: { slug: string; templateId: string; ritual: RitualSessionSummary }) {
  const outcome =
    ritual.status === "completed"
      ? ritual.createdVersion
        ? `Approved v${ritual.createdVersion}`
        : (ritual.outcomeNote ?? "Completed without a change")
      : (ritual.outcomeNote ?? (ritual.status === "skipped" ? "Too little new feedback" : "No decision"));
  return (
    <span data-testid="last-ritual">
      <Link className="text-brand-700 hover:underline" href={`/w/${slug}/rituals/${ritual.id}`}>
        Ritual #{ritual.sessionNumber}
      </Link>{" "}
      <Badge tone={STATUS_TONE[ritual.status]}>{STATUS_LABEL[ritual.status]}</Badge>
      <Sub>
        {ritual.status === "completed" && ritual.createdVersion ? (
          <Link className="text-brand-700 hover:underline" href={`/w/${slug}/templates/${templateId}/versions`}>
            {outcome}
          </Link>
        ) : (
          outcome
        )}
        {ritual.completedAt ? ` · ${timeAgo(ritual.completedAt)}` : ""}
      </Sub>
    </span>
  );
}
