import { afterAll, vi } from "vitest";

// Next's request-scoped APIs do not exist outside a request; actions call revalidatePath.
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn(), updateTag: vi.fn() }));

afterAll(async () => {
  const { db } = await import("@/server/db");
  const { disconnectFactoryDb } = await import("../factories/db");
  await Promise.all([db.$disconnect(), disconnectFactoryDb()]);
});

// The session is the one thing integration tests provide by hand (see tests/support/session.ts):
// everything behind it — action client, services, Postgres — is real.
vi.mock("@/server/session", async () => {
  const { currentTestUser } = await import("./session");
  return { getSessionUser: async () => currentTestUser() };
});
