"use client";
import { useState } from "react";
import { Field, Input } from "@/components/ui/field";
import { ActionForm, ErrorText, FormError, SubmitButton } from "@/components/ui/form";
import type { WebhookFormat } from "@/generated/prisma/enums";
import { useAction } from "@/lib/use-action";
import { TEXT_LIMITS } from "@/lib/text-limits";
import { createWebhookAction } from "../actions/create-webhook";
import { WEBHOOK_EVENT_WORDS, WEBHOOK_EVENTS, type WebhookEvent } from "../events";

const formats: { value: WebhookFormat; label: string; hint: string }[] = [
  { value: "standard", label: "Signed JSON", hint: "{ type, timestamp, data } with Standard Webhooks signature headers, for your own service" },
  { value: "slack", label: "Slack message", hint: "{ text } with a link, for a Slack (or compatible) incoming-webhook URL" },
];

export function CreateWebhookForm({ workspaceSlug }: { workspaceSlug: string }) {
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [format, setFormat] = useState<WebhookFormat>("standard");
  const [created, setCreated] = useState<string | null>(null);
  const { run, pending, error, fieldError } = useAction(createWebhookAction);
  const toggle = (event: WebhookEvent, on: boolean) => setEvents((all) => (on ? [...all, event] : all.filter((e) => e !== event)));

  return (
    <ActionForm
      aria-label="Add a webhook"
      className="space-y-4 p-5"
      onSubmit={() => {
        setCreated(null);
        void run({ workspaceSlug, url, description, events, format }, (data) => {
          setCreated(data.url);
          setUrl("");
          setDescription("");
        });
      }}
    >
      {created ? (
        <p role="status" className="text-sm text-emerald-700">
          Added {created}. Its signing secret is in the list below; “Send test event” checks that it arrives.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="URL" htmlFor="webhook-url" error={fieldError("url")} hint="The address that receives a POST per event." limit={TEXT_LIMITS.webhookUrl}>
          <Input id="webhook-url" type="url" required limit={TEXT_LIMITS.webhookUrl} placeholder="https://hooks.example.com/agent-coach" value={url} onChange={(e) => setUrl(e.target.value)} />
        </Field>
        <Field label="Description" htmlFor="webhook-description" error={fieldError("description")} hint="Optional: what receives it, e.g. “#agents channel”." limit={TEXT_LIMITS.webhookDescription}>
          <Input id="webhook-description" limit={TEXT_LIMITS.webhookDescription} value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-700">Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5" checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
            <span>
              <span className="font-medium">{WEBHOOK_EVENT_WORDS[event].label}</span> <span className="text-zinc-500">— {WEBHOOK_EVENT_WORDS[event].hint}</span>
            </span>
          </label>
        ))}
        <ErrorText message={fieldError("events")} />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-700">Format</legend>
        {formats.map((f) => (
          <label key={f.value} className="flex items-start gap-2 text-sm">
            <input type="radio" name="webhook-format" className="mt-0.5" checked={format === f.value} onChange={() => setFormat(f.value)} />
            <span>
              <span className="font-medium">{f.label}</span> <span className="text-zinc-500">— {f.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormError error={error} />
      <SubmitButton pending={pending} pendingLabel="Adding…" disabled={events.length === 0}>
        Add webhook
      </SubmitButton>
    </ActionForm>
  );
}
