import { describe, expect, it, vi } from "vitest";
import { agentWakeRequested } from "@/inngest/events";
import { db } from "@/server/db";
import { uid } from "../../factories";

// With Inngest configured the relay sends each staged event with its outbox id as the event id,
// so Inngest deduplicates a re-delivery (a relay that died between the send and marking it sent).
// Only the Inngest client is replaced (no Inngest server runs here); the outbox is real Postgres.

const sent = vi.hoisted(() => [] as { id?: string; name: string; data: unknown }[]);
vi.mock("@/inngest/client", async (original) => {
  const real = await original<typeof import("@/inngest/client")>();
  // The real client (the functions are built with it), whose send is captured.
  real.inngest.send = (async (event: { id?: string; name: string; data: unknown }) => void sent.push(event)) as never;
  return { ...real, inngestEnabled: true };
});

describe("outbox relay with Inngest", () => {
  it("sends the event with the outbox row's id and marks it sent; the local executor is not involved", async () => {
    const { deliverOutbox, stageEvent } = await import("@/inngest/outbox");
    const { setLocalDispatcher } = await import("@/inngest/local/dispatcher");
    const dispatched = vi.fn(async () => ({ ids: [] }));
    setLocalDispatcher(dispatched);
    try {
      const agentId = `agent-${uid()}`;
      const id = await db.$transaction((t) => stageEvent(t, { name: agentWakeRequested.name, data: { workspaceId: "ws", agentId, reason: "manual" } }));
      // Only this row: other test files' events must not reach this fake Inngest.
      expect(await deliverOutbox({ ids: [id] })).toEqual({ sent: 1, failed: 0 });
      expect(sent.filter((e) => (e.data as { agentId: string }).agentId === agentId)).toEqual([{ id, name: agentWakeRequested.name, data: { workspaceId: "ws", agentId, reason: "manual" } }]);
      expect(await db.outboxEvent.findUniqueOrThrow({ where: { id } })).toMatchObject({ sentAt: expect.any(Date), attempts: 1 });
      expect(dispatched).not.toHaveBeenCalled();
      expect(await db.functionRun.count({ where: { event: { path: ["data", "agentId"], equals: agentId } } })).toBe(0);
    } finally {
      setLocalDispatcher(undefined);
    }
  });
});
