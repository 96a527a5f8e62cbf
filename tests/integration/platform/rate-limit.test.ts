import { describe, expect, it } from "vitest";
import { takeRateLimitSlot } from "@/server/rate-limit";
import { assertSignInLinkAllowed, SIGN_IN_LINKS, takeSignInLinkSlot } from "@/server/sign-in-limit";
import { db } from "@/server/db";
import { uid } from "../../factories";

// Limits kept in Postgres: atomic under parallel requests, per key, sliding.

describe("takeRateLimitSlot", () => {
  it("gives exactly `max` of 20 parallel requests a slot, and says when the next one frees", async () => {
    const key = `test:${uid()}`;
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 20 }, () => takeRateLimitSlot(key, { max: 5, windowMs: 60_000 }, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.find((r) => !r.allowed)).toEqual({ allowed: false, retryAfterMs: 60_000 });
    expect(await db.rateLimitEvent.count({ where: { key } })).toBe(5);
  });

  it("slides: uses older than the window no longer count (and are forgotten); other keys are separate", async () => {
    const key = `test:${uid()}`;
    const t0 = new Date("2030-01-01T10:00:00Z");
    for (let i = 0; i < 2; i++) expect(await takeRateLimitSlot(key, { max: 2, windowMs: 60_000 }, t0)).toEqual({ allowed: true });
    expect((await takeRateLimitSlot(key, { max: 2, windowMs: 60_000 }, new Date(t0.getTime() + 30_000))).allowed).toBe(false);
    expect((await takeRateLimitSlot(`${key}:other`, { max: 2, windowMs: 60_000 }, t0)).allowed).toBe(true);
    expect(await takeRateLimitSlot(key, { max: 2, windowMs: 60_000 }, new Date(t0.getTime() + 61_000))).toEqual({ allowed: true });
    expect(await db.rateLimitEvent.count({ where: { key } })).toBe(1);
  });
});

describe("sign-in emails", () => {
  it("at most 5 per address in 15 minutes, whatever the case of the address; the form's check agrees", async () => {
    const email = `Victim-${uid()}@Example.test`;
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => takeSignInLinkSlot(i % 2 ? email : email.toLowerCase())));
    expect(outcomes.filter(Boolean)).toHaveLength(SIGN_IN_LINKS.max);
    await expect(assertSignInLinkAllowed(email.toUpperCase())).rejects.toMatchObject({ status: 429, message: expect.stringMatching(/Too many sign-in links/) });
  });
});
