import { createHash, randomBytes } from "node:crypto";

// API keys are bearer secrets: only their SHA-256 is stored, so a database leak yields no usable
// key. The `ac_live_` marker lets secret scanners (and people) recognise a leaked key.

export const API_KEY_MARKER = "ac_live_";
/** What the settings page shows to tell keys apart: the marker plus 4 random characters. */
export const API_KEY_PREFIX_LENGTH = 12;
/** 32 random bytes in base64url are 43 characters. */
export const API_KEY_PATTERN = /^ac_live_[A-Za-z0-9_-]{43}$/;

export function hashApiKeySecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_MARKER}${randomBytes(32).toString("base64url")}`;
  return { secret, prefix: secret.slice(0, API_KEY_PREFIX_LENGTH), hash: hashApiKeySecret(secret) };
}
