import "server-only";
import { createHash, randomBytes } from "node:crypto";

// Invitation links carry a random token; only its SHA-256 is stored, so a database leak does not
// leak usable links.
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
