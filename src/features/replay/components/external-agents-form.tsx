"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionButton } from "@/components/ui/action-button";
import { Field, Input } from "@/components/ui/field";
import { ActionForm, FormError, SubmitButton } from "@/components/ui/form";
import { SigningSecret } from "@/features/api-keys/components/copy-button";
import { TEXT_LIMITS } from "@/lib/text-limits";
import { useAction } from "@/lib/use-action";
import { rotateReplaySecretAction, updateExternalAgentsAction } from "../actions/external-agents";

// "Where the agents run", on a template's Instances tab. Admins choose: here (Agent Coach wakes
// the agents) or in the team's own code (the agents read their directives and report runs through
// the API; Agent Coach never wakes them), and may name the replay endpoint that lets the replay
// check play an external agent's runs again. Everyone else reads the choice and the endpoint's
// origin (not its path, which may hold a token) — never the secret.

export type ExternalAgentsView = { runsExternally: boolean; replayUrl: string | null; replaySecret: string | null };

function origin(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

export function describeWhereAgentsRun(s: { runsExternally: boolean; replayUrl: string | null }): string {
  if (!s.runsExternally) return "Agent Coach runs these agents: it wakes them when their task changes and on “Run now”.";
  return s.replayUrl
    ? `These agents run in your own code: they read their directives and report runs through the API. The replay check plays their runs again through ${origin(s.replayUrl)}.`
    : "These agents run in your own code: they read their directives and report runs through the API. No replay endpoint is set, so proposals for them cannot be replay-checked.";
}

export function ExternalAgentsForm({ workspaceSlug, templateId, initial, canEdit }: { workspaceSlug: string; templateId: string; initial: ExternalAgentsView; canEdit: boolean }) {
  const router = useRouter();
  const [external, setExternal] = useState(initial.runsExternally);
  const [url, setUrl] = useState(initial.replayUrl ?? "");
  const [saved, setSaved] = useState(false);
  const { run, pending, error, fieldError } = useAction(updateExternalAgentsAction);
  return (
    <div className="space-y-3 p-5 text-sm" data-testid="external-agents">
      <p className="text-zinc-700">{describeWhereAgentsRun(initial)}</p>
      {canEdit ? (
        <ActionForm
          aria-label="Where the agents run"
          className="space-y-4"
          onSubmit={() => {
            setSaved(false);
            void run({ workspaceSlug, templateId, runsExternally: external, replayUrl: url }, () => {
              setSaved(true);
              router.refresh();
            });
          }}
        >
          <fieldset className="space-y-2">
            <legend className="sr-only">Where the agents run</legend>
            <label className="flex items-start gap-2">
              <input type="radio" name="runs-where" className="mt-0.5" checked={!external} onChange={() => setExternal(false)} />
              <span>
                <span className="font-medium">Here</span> <span className="text-zinc-500">— Agent Coach wakes the agents and runs them with its models.</span>
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input type="radio" name="runs-where" className="mt-0.5" checked={external} onChange={() => setExternal(true)} />
              <span>
                <span className="font-medium">In your own code</span>{" "}
                <span className="text-zinc-500">— your service fetches each agent&apos;s directives (GET /api/v1/agents/&#123;id&#125;/directives) and reports its runs; Agent Coach never wakes them.</span>
              </span>
            </label>
          </fieldset>
          <Field
            label="Replay endpoint (optional)"
            htmlFor="replay-url"
            error={fieldError("replayUrl")}
            limit={TEXT_LIMITS.webhookUrl}
            hint="Before a proposal is approved, Agent Coach POSTs each of last week's runs here with the proposed and the active directives, signed like webhooks; your agent answers with what it would propose and report."
          >
            <Input id="replay-url" type="url" limit={TEXT_LIMITS.webhookUrl} placeholder="https://agents.example.com/agent-coach/replay" value={url} onChange={(e) => setUrl(e.target.value)} />
          </Field>
          <FormError error={error && !error.fieldErrors ? error : null} />
          <div className="flex items-center gap-3">
            <SubmitButton pending={pending} pendingLabel="Saving…" size="sm">
              Save
            </SubmitButton>
            {saved ? (
              <span role="status" className="text-emerald-700">
                Saved.
              </span>
            ) : null}
          </div>
        </ActionForm>
      ) : null}
      {canEdit && initial.replayUrl && initial.replaySecret ? (
        <div className="flex flex-wrap items-center gap-2 border-t border-zinc-100 pt-3">
          <SigningSecret secret={initial.replaySecret} testId="replay-secret" />
          <ActionButton action={rotateReplaySecretAction} input={{ workspaceSlug, templateId }} size="sm" variant="secondary" confirm="Replace the signing secret? Your endpoint must use the new one from now on.">
            New secret
          </ActionButton>
        </div>
      ) : null}
    </div>
  );
}
