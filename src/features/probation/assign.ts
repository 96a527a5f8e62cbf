import { createHash } from "node:crypto";

// Which arm of a probation an instance is in (pure): a hash of the probation and the agent, read
// as a number in [0, 1); below the share, the agent keeps the previous version ("baseline"). The
// same agent is always in the same arm of one probation, whatever order agents wake in, and a new
// probation deals the arms afresh. SHA-256 rather than a small hash: cuids share long prefixes, and
// a weak hash would put similar ids in the same arm.

export type Arm = "candidate" | "baseline";

/** Where the agent falls in [0, 1) for this probation. */
export function armPosition(probationId: string, agentId: string): number {
  const digest = createHash("sha256").update(`${probationId}:${agentId}`).digest();
  return digest.readUInt32BE(0) / 4_294_967_296;
}

export function armOf(probationId: string, agentId: string, share: number): Arm {
  return armPosition(probationId, agentId) < share ? "baseline" : "candidate";
}
