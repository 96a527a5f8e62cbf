"use client";
import { useRouter } from "next/navigation";
import { useId, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { ErrorText } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { isValidTimezone, nextRitualAt, WEEKDAYS, type Cadence, type RitualSchedule } from "../schedule";
import { updateTemplateScheduleAction } from "../actions/update-template-schedule";
import { updateWorkspaceScheduleAction } from "../actions/update-workspace-schedule";
import { COMMON_TIMEZONES, formatInZone, hourLabel } from "./format";
import { TEXT_LIMITS } from "@/lib/text-limits";

// The ritual schedule: the workspace's (every field required) or a template's override (each
// field may fall back to the workspace's). Shows when the next ritual would start as you edit.

type Target = { kind: "workspace" } | { kind: "template"; templateId: string; fallback: RitualSchedule };

type Props = {
  workspaceSlug: string;
  target: Target;
  initial: { weekday: number | null; hour: number | null; timezone: string | null };
  cadence: Cadence;
  canEdit: boolean;
  /** Every IANA zone name (from the server, so server and browser render the same list). */
};

const INHERIT = "";

const NO_TIMEZONES: string[] = [];
let timezoneNames: string[] | null = null;
const browserTimezones = () => (timezoneNames ??= Intl.supportedValuesOf("timeZone"));
const noTimezones = () => NO_TIMEZONES;
const noSubscription = () => () => {};

export function ScheduleForm({ workspaceSlug, target, initial, cadence, canEdit }: Props) {
  // The time zone suggestions (~430 names) come from the browser once the form is hydrated: the
  // server neither renders them nor sends them with every page that has a schedule form.
  const timezones = useSyncExternalStore(noSubscription, browserTimezones, noTimezones);
  const router = useRouter();
  const ids = { weekday: useId(), hour: useId(), timezone: useId(), list: useId() };
  const [weekday, setWeekday] = useState(initial.weekday == null ? INHERIT : String(initial.weekday));
  const [hour, setHour] = useState(initial.hour == null ? INHERIT : String(initial.hour));
  const [timezone, setTimezone] = useState(initial.timezone ?? "");
  const [saved, setSaved] = useState<string | null>(null);
  const workspaceAction = useAction(updateWorkspaceScheduleAction);
  const templateAction = useAction(updateTemplateScheduleAction);
  const { pending, error, fieldError } = target.kind === "workspace" ? workspaceAction : templateAction;
  const fallback = target.kind === "template" ? target.fallback : null;

  const zone = timezone.trim();
  const zoneOk = zone === "" ? fallback != null : isValidTimezone(zone);
  const effective: RitualSchedule | null =
    zoneOk && (weekday !== INHERIT || fallback) && (hour !== INHERIT || fallback)
      ? {
          weekday: weekday === INHERIT ? fallback!.weekday : Number(weekday),
          hour: hour === INHERIT ? fallback!.hour : Number(hour),
          timezone: zone === "" ? fallback!.timezone : zone,
        }
      : null;
  const preview = effective ? formatInZone(nextRitualAt(effective, new Date(), cadence), effective.timezone) : null;

  const done = (message: string) => {
    setSaved(message);
    router.refresh();
  };
  const save = (reset = false) => {
    setSaved(null);
    if (target.kind === "workspace") {
      void workspaceAction.run({ workspaceSlug, weekday: Number(weekday), hour: Number(hour), timezone: zone }, (data) =>
        done(`Saved. ${data.rescheduled === 1 ? "1 improver was" : `${data.rescheduled} improvers were`} rescheduled.`),
      );
      return;
    }
    if (reset) {
      setWeekday(INHERIT);
      setHour(INHERIT);
      setTimezone("");
    }
    void templateAction.run(
      {
        workspaceSlug,
        templateId: target.templateId,
        weekday: reset || weekday === INHERIT ? null : Number(weekday),
        hour: reset || hour === INHERIT ? null : Number(hour),
        timezone: reset || zone === "" ? null : zone,
      },
      () => done(reset ? "This template follows the workspace's schedule again." : "Saved. The next ritual was rescheduled."),
    );
  };

  return (
    <form
      className="space-y-4"
      aria-label={target.kind === "workspace" ? "Workspace ritual schedule" : "Template ritual schedule"}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem_1.4fr]">
        <Field label="Weekday" htmlFor={ids.weekday} error={fieldError("weekday")}>
          <Select id={ids.weekday} value={weekday} onChange={(e) => setWeekday(e.target.value)} disabled={!canEdit}>
            {fallback ? <option value={INHERIT}>Workspace&apos;s ({WEEKDAYS[fallback.weekday]})</option> : null}
            {WEEKDAYS.map((d, i) => (
              <option key={d} value={String(i)}>
                {d}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Hour" htmlFor={ids.hour} error={fieldError("hour")}>
          <Select id={ids.hour} value={hour} onChange={(e) => setHour(e.target.value)} disabled={!canEdit}>
            {fallback ? <option value={INHERIT}>Workspace&apos;s ({hourLabel(fallback.hour)})</option> : null}
            {Array.from({ length: 24 }, (_, h) => (
              <option key={h} value={String(h)}>
                {hourLabel(h)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Time zone"
          htmlFor={ids.timezone}
          error={fieldError("timezone") ?? (zone && !zoneOk ? "Unknown time zone: use an IANA name such as Europe/Berlin." : undefined)}
          hint={fallback ? `Empty: the workspace's (${fallback.timezone}).` : "An IANA name, e.g. Europe/Berlin or America/New_York."}
        >
          <Input
            id={ids.timezone}
            limit={TEXT_LIMITS.timezone}
            list={ids.list}
            value={timezone}
            onChange={(e) => setTimezone(e.target.value)}
            placeholder={fallback ? fallback.timezone : "Europe/Berlin"}
            disabled={!canEdit}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={zone !== "" && !zoneOk}
          />
          <datalist id={ids.list}>
            {[...COMMON_TIMEZONES, ...timezones.filter((z) => !(COMMON_TIMEZONES as readonly string[]).includes(z))].map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </Field>
      </div>
      <p className="text-sm text-zinc-600" data-testid="schedule-preview" suppressHydrationWarning>
        {preview ? (
          <>
            Next ritual with these settings: <b className="font-semibold text-zinc-900">{preview}</b>
          </>
        ) : (
          "Choose a weekday, an hour and a valid time zone."
        )}
      </p>
      {canEdit ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" size="sm" disabled={pending || !effective}>
            {pending ? "Saving…" : "Save schedule"}
          </Button>
          {target.kind === "template" && (initial.weekday != null || initial.hour != null || initial.timezone != null) ? (
            <Button size="sm" variant="ghost" disabled={pending} onClick={() => save(true)}>
              Use the workspace&apos;s schedule
            </Button>
          ) : null}
          {saved ? (
            <span className="text-sm text-emerald-700" role="status">
              {saved}
            </span>
          ) : null}
          <ErrorText as="span" message={error && !error.fieldErrors ? error.message : null} />
        </div>
      ) : null}
    </form>
  );
}
