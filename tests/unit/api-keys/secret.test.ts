import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { API_KEY_PATTERN, hashApiKeySecret, newApiKeySecret } from "@/features/api-keys/server/api-key-secret";

describe("API key secrets", () => {
  it("are ac_live_ plus 32 random bytes in base64url, with a 12-character display prefix", () => {
    const { secret, prefix, hash } = newApiKeySecret();
    expect(secret).toMatch(/^ac_live_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice(8), "base64url")).toHaveLength(32);
    expect(prefix).toBe(secret.slice(0, 12));
    expect(hash).toBe(createHash("sha256").update(secret).digest("hex"));
  });

  it("never repeat", () => {
    const secrets = new Set(Array.from({ length: 200 }, () => newApiKeySecret().secret));
    expect(secrets.size).toBe(200);
  });

  it("hash deterministically, and the prefix alone does not reveal the hash", () => {
    const { secret, prefix } = newApiKeySecret();
    expect(hashApiKeySecret(secret)).toBe(hashApiKeySecret(secret));
    expect(hashApiKeySecret(prefix)).not.toBe(hashApiKeySecret(secret));
  });

  it.each([
    ["ac_test_" + "a".repeat(43)],
    ["ac_live_" + "a".repeat(42)],
    ["ac_live_" + "a".repeat(44)],
    ["ac_live_" + "a".repeat(42) + "="],
  ])("rejects malformed keys before any lookup: %s", (key) => {
    expect(API_KEY_PATTERN.test(key)).toBe(false);
  });
});
