import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authAdapter } from "@/server/auth-adapter";
import { db } from "@/server/db";
import { makeUser } from "../../factories";

describe("the sign-in adapter's sign-out", () => {
  it("ends the session, and a repeat of the same sign-out (another tab, a double click) is not an error", async () => {
    const user = await makeUser();
    const adapter = authAdapter(db);
    const sessionToken = randomBytes(16).toString("hex");
    const other = randomBytes(16).toString("hex");
    for (const token of [sessionToken, other]) await adapter.createSession!({ sessionToken: token, userId: user.id, expires: new Date(Date.now() + 60_000) });

    await adapter.deleteSession!(sessionToken);
    expect(await db.session.count({ where: { sessionToken } })).toBe(0);
    await expect(adapter.deleteSession!(sessionToken)).resolves.not.toThrow();
    // The user's other session is untouched.
    expect(await adapter.getSessionAndUser!(other)).toMatchObject({ user: { id: user.id } });
  });
});
