"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { ActionForm, ErrorText, FormError, SubmitButton } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { TEXT_LIMITS } from "@/lib/text-limits";
import { createApiKeyAction } from "../actions/create-api-key";
import { apiScopes, type ApiScope } from "../scopes";
import { CopyButton } from "./copy-button";

const scopeHints: Record<ApiScope, string> = {
  read: "list templates and read their active directives",
  write: "create agents and tasks, record runs, observations, reports, proposals, decisions and ratings",
};

export function CreateApiKeyForm({ workspaceSlug }: { workspaceSlug: string }) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>(["read", "write"]);
  // Held only in this component's state: the server keeps the hash, so this is the one chance to copy it.
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const { run, pending, error, fieldError } = useAction(createApiKeyAction);

  const toggle = (scope: ApiScope, on: boolean) => setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));

  return (
    <div className="space-y-4 p-5">
      {created ? (
        <Notice tone="success">
          <p className="font-medium">Key “{created.name}” created. Copy it now: it is shown only once.</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code className="break-all rounded bg-white px-2 py-1 text-xs text-zinc-900" data-testid="api-key-secret">
              {created.secret}
            </code>
            <CopyButton text={created.secret} />
            <Button size="sm" variant="ghost" onClick={() => setCreated(null)}>
              Done
            </Button>
          </div>
        </Notice>
      ) : null}
      <ActionForm
        aria-label="Create an API key"
        className="space-y-4"
        onSubmit={() => {
          setCreated(null);
          void run({ workspaceSlug, name, scopes }, (data) => {
            setCreated({ name: data.name, secret: data.secret });
            setName("");
          });
        }}
      >
        <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <Field label="Name" htmlFor="api-key-name" error={fieldError("name")} hint="Where the key is used, e.g. “CI ingestion”." limit={TEXT_LIMITS.apiKeyName}>
            <Input id="api-key-name" required limit={TEXT_LIMITS.apiKeyName} placeholder="CI ingestion" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <SubmitButton pending={pending} pendingLabel="Creating…" disabled={scopes.length === 0}>
            Create key
          </SubmitButton>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-zinc-700">Scopes</legend>
          {apiScopes.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-0.5" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
              <span>
                <span className="font-medium">{scope}</span> <span className="text-zinc-500">— {scopeHints[scope]}</span>
              </span>
            </label>
          ))}
          <ErrorText message={fieldError("scopes")} />
        </fieldset>
        <FormError error={error} />
      </ActionForm>
    </div>
  );
}
