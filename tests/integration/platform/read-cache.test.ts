import { describe, expect, it } from "vitest";
import { inviteMemberAction } from "@/features/workspaces/actions/invite-member";
import { db } from "@/server/db";
import { createReadCache, markWorkspaceChanged, readThrough } from "@/server/read-cache";
import { makeWorkspace, uid } from "../../factories";
import { actAs } from "../../support/session";

const versionOf = async (id: string) => (await db.workspace.findUniqueOrThrow({ where: { id }, select: { dataVersion: true } })).dataVersion;

describe("pages' read cache", () => {
  it("serves one load to every view of the same workspace version, and loads again after a change", async () => {
    const { workspace } = await makeWorkspace();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const scope = { id: workspace.id, dataVersion: await versionOf(workspace.id) };
    // Concurrent views share the load in flight.
    const [a, b] = await Promise.all([readThrough(scope, "figures", load), readThrough(scope, "figures", load)]);
    expect(a).toBe(b);
    expect(await readThrough(scope, "figures", load)).toEqual({ n: 1 });
    expect(await readThrough(scope, "other figures", load)).toEqual({ n: 2 });
    // Another workspace never sees this one's entry.
    const other = await makeWorkspace();
    expect(await readThrough({ id: other.workspace.id, dataVersion: scope.dataVersion }, "figures", load)).toEqual({ n: 3 });
    // A change bumps the version the pages read with the membership: the next view loads again.
    await markWorkspaceChanged(workspace.id);
    const after = { id: workspace.id, dataVersion: await versionOf(workspace.id) };
    expect(after.dataVersion).toBe(scope.dataVersion + 1);
    expect(await readThrough(after, "figures", load)).toEqual({ n: 4 });
  });

  it("is fresh for the TTL, then serves the last value while one newer load runs, and waits once that is old too", async () => {
    let clock = 0;
    const { readThrough: read } = createReadCache({ ttlMs: 1_000, now: () => clock });
    const scope = { id: `ws-${uid()}`, dataVersion: 0 };
    let loads = 0;
    let release: () => void = () => undefined;
    const load = () => new Promise<number>((resolve) => (release = () => resolve(++loads)));
    const first = read(scope, "k", load);
    release();
    expect(await first).toBe(1);
    clock = 999;
    expect(await read(scope, "k", load)).toBe(1); // fresh: no load
    clock = 1_500;
    // Expired, not yet old: the last value at once, and one refresh in the background.
    expect(await read(scope, "k", load)).toBe(1);
    expect(await read(scope, "k", load)).toBe(1);
    release();
    await Promise.resolve();
    await Promise.resolve();
    expect(await read(scope, "k", load)).toBe(2);
    expect(loads).toBe(2);
    // Twice the TTL without a view: the next one waits for a new load.
    clock = 5_000;
    const waited = read(scope, "k", load);
    release();
    expect(await waited).toBe(3);
  });

  it("does not remember a failed load", async () => {
    const { workspace } = await makeWorkspace();
    const scope = { id: workspace.id, dataVersion: 0 };
    await expect(readThrough(scope, "flaky", async () => Promise.reject(new Error("database went away")))).rejects.toThrow("database went away");
    expect(await readThrough(scope, "flaky", async () => "fine")).toBe("fine");
  });

  it("every change a person makes through a workspace action bumps the version; a caller refused by role does not", async () => {
    const { workspace, owner, members } = await makeWorkspace({ roles: ["viewer"] });
    const before = await versionOf(workspace.id);
    actAs(members.viewer);
    expect(await inviteMemberAction({ workspaceSlug: workspace.slug, email: `x-${uid()}@example.test`, role: "viewer" })).toMatchObject({ ok: false, error: { status: 403 } });
    expect(await versionOf(workspace.id)).toBe(before);
    actAs(owner);
    expect(await inviteMemberAction({ workspaceSlug: workspace.slug, email: `x-${uid()}@example.test`, role: "viewer" })).toMatchObject({ ok: true });
    expect(await versionOf(workspace.id)).toBe(before + 1);
  });
});
