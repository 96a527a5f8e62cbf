import { describe, expect, it } from "vitest";
import { GET as getTemplates } from "@/app/api/v1/templates/route";
import { createApiKeyAction } from "@/features/api-keys/actions/create-api-key";
import { revokeApiKeyAction } from "@/features/api-keys/actions/revoke-api-key";
import { API_KEY_PATTERN, hashApiKeySecret } from "@/features/api-keys/server/api-key-secret";
import { listApiKeys } from "@/features/api-keys/server/queries";
import { db } from "@/server/db";
import { makeWorkspace, uid } from "../../factories";
import { actAs } from "../../support/session";
import { call } from "./fixtures";

describe("createApiKeyAction action", () => {
  it("lets an admin create a key: secret returned once, only its hash stored", async () => {
    const { workspace, members } = await makeWorkspace({ roles: ["admin"] });
    actAs(members.admin);
    const name = `CI ${uid()}`;
    const res = await createApiKeyAction({ workspaceSlug: workspace.slug, name, scopes: ["write", "read", "write"] });
    if (!res.ok) throw new Error(res.error.message);
    const { secret } = res.data;
    expect(secret).toMatch(API_KEY_PATTERN);
    expect(res.data).toMatchObject({ name, prefix: secret.slice(0, 12), scopes: ["read", "write"] });

    const row = await db.apiKey.findUniqueOrThrow({ where: { id: res.data.id } });
    expect(row).toMatchObject({ workspaceId: workspace.id, hash: hashApiKeySecret(secret), createdById: members.admin.id, revokedAt: null, lastUsedAt: null });
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));

    // Never again: the list has no secret and no hash, and the key works right away.
    const listed = (await listApiKeys(workspace.id)).find((k) => k.id === res.data.id)!;
    expect(Object.keys(listed).sort()).toEqual(["createdAt", "createdBy", "id", "lastUsedAt", "name", "prefix", "revokedAt", "scopes"]);
    expect(JSON.stringify(listed)).not.toContain(secret.slice(12));
    expect((await call(getTemplates, "/api/v1/templates", { key: secret })).status).toBe(200);
  });

  it("gives every key its own secret", async () => {
    const { workspace, owner } = await makeWorkspace();
    actAs(owner);
    const a = await createApiKeyAction({ workspaceSlug: workspace.slug, name: "Same name", scopes: ["read"] });
    const b = await createApiKeyAction({ workspaceSlug: workspace.slug, name: "Same name", scopes: ["read"] });
    expect(a.ok && b.ok && a.data.secret !== b.data.secret).toBe(true);
  });

  it("refuses members and viewers (403) and creates nothing", async () => {
    const { workspace, members } = await makeWorkspace({ roles: ["member", "viewer"] });
    for (const role of ["member", "viewer"] as const) {
      actAs(members[role]);
      const res = await createApiKeyAction({ workspaceSlug: workspace.slug, name: "Nope", scopes: ["read"] });
      expect(res).toMatchObject({ ok: false, error: { status: 403, code: "FORBIDDEN" } });
    }
    expect(await db.apiKey.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });

  it("validates name and scopes (400 per field)", async () => {
    const { workspace, owner } = await makeWorkspace();
    actAs(owner);
    const none = await createApiKeyAction({ workspaceSlug: workspace.slug, name: "Key", scopes: [] });
    expect(!none.ok && none.error.fieldErrors?.scopes).toEqual(["Choose at least one scope."]);
    const bogus = await createApiKeyAction({ workspaceSlug: workspace.slug, name: "Key", scopes: ["admin" as never] });
    expect(!bogus.ok && bogus.error.status).toBe(400);
    const blank = await createApiKeyAction({ workspaceSlug: workspace.slug, name: " ", scopes: ["read"] });
    expect(!blank.ok && blank.error.fieldErrors?.name).toBeTruthy();
    expect(await db.apiKey.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });
});

describe("revokeApiKeyAction action", () => {
  async function workspaceWithKey() {
    const ws = await makeWorkspace({ roles: ["admin", "member"] });
    actAs(ws.owner);
    const res = await createApiKeyAction({ workspaceSlug: ws.workspace.slug, name: "Ingest", scopes: ["read"] });
    if (!res.ok) throw new Error(res.error.message);
    return { ...ws, key: res.data };
  }
  const revokedAt = async (id: string) => (await db.apiKey.findUniqueOrThrow({ where: { id } })).revokedAt;

  it("lets an admin revoke: the key stops working at once; revoking again is 404", async () => {
    const { workspace, members, key } = await workspaceWithKey();
    actAs(members.admin);
    expect(await revokeApiKeyAction({ workspaceSlug: workspace.slug, apiKeyId: key.id })).toEqual({ ok: true, data: { apiKeyId: key.id } });
    expect(await revokedAt(key.id)).toBeInstanceOf(Date);
    expect((await call(getTemplates, "/api/v1/templates", { key: key.secret })).status).toBe(401);
    expect(await revokeApiKeyAction({ workspaceSlug: workspace.slug, apiKeyId: key.id })).toMatchObject({ ok: false, error: { status: 404 } });
  });

  it("refuses a member (403)", async () => {
    const { workspace, members, key } = await workspaceWithKey();
    actAs(members.member);
    expect(await revokeApiKeyAction({ workspaceSlug: workspace.slug, apiKeyId: key.id })).toMatchObject({ ok: false, error: { status: 403 } });
    expect(await revokedAt(key.id)).toBeNull();
  });

  it("cannot reach another workspace's key (404)", async () => {
    const { key } = await workspaceWithKey();
    const other = await makeWorkspace();
    actAs(other.owner);
    expect(await revokeApiKeyAction({ workspaceSlug: other.workspace.slug, apiKeyId: key.id })).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await revokedAt(key.id)).toBeNull();
  });
});
