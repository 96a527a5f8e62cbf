import { randomBytes } from "node:crypto";
import { PrismaAdapter } from "@auth/prisma-adapter";
import { describe, expect, it } from "vitest";
import { authAdapter } from "@/server/auth-adapter";
import { db } from "@/server/db";
import { makeUser } from "../../factories";
import { statementsDuring } from "../../support/statements";

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

describe("the sign-in adapter's session read", () => {
  it("returns what the stock adapter returns, in one statement instead of two; an unknown token is null", async () => {
    const user = await makeUser();
    const sessionToken = randomBytes(16).toString("hex");
    await db.session.create({ data: { sessionToken, userId: user.id, expires: new Date(Date.now() + 60_000) } });
    const read = await statementsDuring(async () => authAdapter(db).getSessionAndUser!(sessionToken));
    expect(read.statements).toHaveLength(1);
    expect(read.result).toEqual(await PrismaAdapter(db).getSessionAndUser!(sessionToken));
    expect(read.result).toMatchObject({ session: { sessionToken, userId: user.id, expires: expect.any(Date) }, user: { id: user.id, email: user.email } });
    expect(await authAdapter(db).getSessionAndUser!(randomBytes(16).toString("hex"))).toBeNull();
  });
});
