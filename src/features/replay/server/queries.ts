import "server-only";
import { db } from "@/server/db";
import type { RunComparison } from "../compare";
import type { ReplaySummary } from "../score";
import { guardBlocks } from "./guard";

export type ReplayCheckView = {
  proposalId: string;
  status: "queued" | "running" | "done" | "failed";
  sampled: number;
  replayed: number;
  tokens: number;
  summary: ReplaySummary | null;
  runs: RunComparison[];
  error: string | null;
  finishedAt: Date | null;
};

/** The replay checks of these proposals (of this workspace), by proposal id. */
export async function getReplayChecks(workspaceId: string, proposalIds: string[]): Promise<Map<string, ReplayCheckView>> {
  if (proposalIds.length === 0) return new Map();
  const rows = await db.replayCheck.findMany({ where: { workspaceId, proposalId: { in: proposalIds } } });
  return new Map(
    rows.map((r) => [
      r.proposalId,
      {
        proposalId: r.proposalId,
        status: r.status,
        sampled: r.sampled,
        replayed: r.replayed,
        tokens: r.tokens,
        summary: (r.summary as ReplaySummary | null) ?? null,
        runs: (r.runs as RunComparison[] | null) ?? [],
        error: r.error,
        finishedAt: r.finishedAt,
      },
    ]),
  );
}

/** What a proposal card shows of its check (no per-run details), and whether the guard blocks approval now. */
export type ProposalReplay = Omit<ReplayCheckView, "runs" | "finishedAt" | "proposalId"> & { blocked: boolean };

export async function getProposalReplays(workspaceId: string, proposalIds: string[]): Promise<Map<string, ProposalReplay>> {
  const [checks, mode] = await Promise.all([getReplayChecks(workspaceId, proposalIds), getReplayGuard(workspaceId)]);
  const guard = mode === "guard";
  return new Map(
    [...checks].map(([id, c]) => [
      id,
      { status: c.status, sampled: c.sampled, replayed: c.replayed, tokens: c.tokens, summary: c.summary, error: c.error, blocked: guard && guardBlocks(c) },
    ]),
  );
}

/** The workspace's replay check mode. */
export async function getReplayGuard(workspaceId: string): Promise<"advisory" | "guard"> {
  return (await db.workspace.findUnique({ where: { id: workspaceId }, select: { replayGuard: true } }))?.replayGuard ?? "advisory";
}
