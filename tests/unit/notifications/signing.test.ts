import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signNotificationLink, verifyNotificationSignature } from "@/features/notifications/server/signing";

describe("notification link signatures", () => {
  it("round-trip: a signature verifies for the notification and user it was issued for", () => {
    const sig = signNotificationLink("notif_1", "user_1");
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/); // HMAC-SHA256, base64url, no padding
    expect(signNotificationLink("notif_1", "user_1")).toBe(sig); // deterministic
    expect(verifyNotificationSignature("notif_1", "user_1", sig)).toBe(true);
  });

  it("binds both ids: another notification or another user is rejected", () => {
    const sig = signNotificationLink("notif_1", "user_1");
    expect(verifyNotificationSignature("notif_2", "user_1", sig)).toBe(false);
    expect(verifyNotificationSignature("notif_1", "user_2", sig)).toBe(false);
    expect(verifyNotificationSignature("user_1", "notif_1", sig)).toBe(false); // order matters
  });

  it("rejects tampered, truncated, padded and malformed signatures without throwing", () => {
    const sig = signNotificationLink("notif_1", "user_1");
    const flipped = `${sig.slice(0, 10)}${sig[10] === "A" ? "B" : "A"}${sig.slice(11)}`;
    for (const bad of [flipped, sig.slice(0, -1), `${sig}=`, `${sig}A`, "", "not a signature", sig.toUpperCase() === sig ? "x" : sig.toUpperCase()]) {
      expect(verifyNotificationSignature("notif_1", "user_1", bad)).toBe(false);
    }
    expect(verifyNotificationSignature("notif_1", "user_1", undefined as unknown as string)).toBe(false);
    expect(verifyNotificationSignature("", "user_1", sig)).toBe(false);
  });

  it("is not a bare hash: a signature made with another key is rejected", () => {
    const forged = createHmac("sha256", "guessed-secret").update("notif_1.user_1").digest("base64url");
    expect(verifyNotificationSignature("notif_1", "user_1", forged)).toBe(false);
  });
});
