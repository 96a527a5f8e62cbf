import type { Metadata } from "next";
import { Badge, Card, CardHeader, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/table";
import { env } from "@/env";
import { CopyButton } from "@/features/api-keys/components/copy-button";
import { CreateApiKeyForm } from "@/features/api-keys/components/create-api-key-form";
import { RevokeApiKeyButton } from "@/features/api-keys/components/revoke-api-key-button";
import { OPENAPI_PATH } from "@/features/api-keys/endpoints";
import { listApiKeys } from "@/features/api-keys/server";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "API keys" };

const date = (d: Date) => d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const dateTime = (d: Date) =>
  `${d.toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} UTC`;

export default async function ApiKeysPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const canManage = can(ctx.membership.role, "apiKeys.manage");
  const keys = await listApiKeys(ctx.workspace.id);
  const origin = env.APP_URL.replace(/\/$/, "");
  const curl = [
    `curl ${origin}/api/v1/templates \\`,
    `  -H "Authorization: Bearer $AGENT_COACH_KEY"`,
    ``,
    `curl ${origin}/api/v1/observations \\`,
    `  -H "Authorization: Bearer $AGENT_COACH_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -H "Idempotency-Key: $(uuidgen)" \\`,
    `  -d '{"agentId": "<agent id>", "text": "The customer asked for a refund twice."}'`,
  ].join("\n");

  return (
    <>
      <PageHeader title="API keys" description="Keys let your own agents and scripts feed this workspace through the REST API." />
      <div className="space-y-6">
        {canManage ? (
          <Card>
            <CardHeader title="Create a key" description="The secret is shown once, right after creation. Only its hash is stored." />
            <CreateApiKeyForm workspaceSlug={slug} />
          </Card>
        ) : null}

        <Card>
          <CardHeader
            title="Keys"
            description={canManage ? `${keys.length} in ${ctx.workspace.name}` : "Only admins and owners can create or revoke keys."}
          />
          {keys.length === 0 ? (
            <p className="px-5 py-6 text-sm text-zinc-500">No API keys yet.</p>
          ) : (
            <DataTable rows={keys} rowKey={(key) => key.id} rowTestId="api-key-row" head="plain" pad="card"
              rowProps={(key) => ({ "data-name": key.name, className: key.revokedAt ? "text-zinc-400" : undefined })}
              columns={[
                { header: "Name", className: "font-medium", cell: (key) => key.name },
                { header: "Key", cell: (key) => <code className="text-xs">{key.prefix}…</code> },
                {
                  header: "Scopes",
                  className: "space-x-1",
                  cell: (key) =>
                    key.scopes.map((scope) => (
                      <Badge key={scope} tone={scope === "write" ? "amber" : "zinc"}>
                        {scope}
                      </Badge>
                    )),
                },
                {
                  header: "Created",
                  className: "text-zinc-500",
                  cell: (key) => (
                    <>
                      {date(key.createdAt)}
                      <div className="text-xs">by {key.createdBy ? (key.createdBy.name ?? key.createdBy.email) : "a former member"}</div>
                    </>
                  ),
                },
                { header: "Last used", className: "text-zinc-500", cell: (key) => (key.lastUsedAt ? dateTime(key.lastUsedAt) : "Never") },
                {
                  header: <span className="sr-only">Status</span>,
                  className: "text-right",
                  cell: (key) =>
                    key.revokedAt ? (
                      <Badge tone="red">Revoked {date(key.revokedAt)}</Badge>
                    ) : canManage ? (
                      <RevokeApiKeyButton workspaceSlug={slug} apiKeyId={key.id} name={key.name} />
                    ) : (
                      <Badge tone="green">Active</Badge>
                    ),
                },
              ]}
            />
          )}
        </Card>

        <Card>
          <CardHeader
            title="Using the API"
            description={
              <>
                Every endpoint, its fields and errors are described in the{" "}
                <a className="font-medium text-brand-700 underline" href={OPENAPI_PATH}>
                  OpenAPI document
                </a>{" "}
                (<code className="text-xs">{OPENAPI_PATH}</code>). Writes accept an <code className="text-xs">Idempotency-Key</code> header so
                retries never write twice.
              </>
            }
          />
          <div className="space-y-2 p-5">
            <pre className="overflow-x-auto rounded-lg bg-zinc-950 p-4 text-xs leading-relaxed text-zinc-100">{curl}</pre>
            <CopyButton text={curl} label="Copy example" />
          </div>
        </Card>
      </div>
    </>
  );
}
