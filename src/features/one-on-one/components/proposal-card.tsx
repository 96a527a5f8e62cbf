"use client";
import { diffLines } from "diff";
import { AlertTriangle, Check, GitBranch, X } from "lucide-react";
import Link from "next/link";
import { useId, useState } from "react";
import { APPROVAL_CONFIDENCE } from "@/ai/prompts/improver-constants";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import { LimitHint, Textarea } from "@/components/ui/field";
import { ActionForm, ErrorText, SubmitButton } from "@/components/ui/form";
import { anchorFor, RatingRange } from "@/features/agents/components/rating-slider";
import { cn } from "@/lib/cn";
import { TEXT_LIMITS } from "@/lib/text-limits";
import { useAction } from "@/lib/use-action";
import { useHydrated } from "@/lib/use-hydrated";
import { approveProposalAction } from "../actions/approve-proposal";
import { rejectProposalAction } from "../actions/reject-proposal";
import { ReplayResult } from "@/features/replay/components/replay-result";
import type { ProposalView } from "../server/queries";
import { REPLAY_CHECK_EXPLAINED } from "@/features/replay/explain";

// A proposal as a diff card against the head it was made for: added lines green, removed lines
// red, removed clauses with their provenance (amber when they came from confirmed behaviour).
// Approve (with a 0–1 rating) / Reject (with a reason: the chat continues) / Keep talking.

/** What the card shows: the server's ProposalView without its timestamps (a streamed proposal has none yet). */
export type ProposalCardData = Omit<ProposalView, "decidedAt" | "createdAt">;

type Props = {
  workspaceSlug: string;
  templateId: string;
  proposal: ProposalCardData;
  /** The session is open and the viewer may decide. */
  canDecide: boolean;
  onRejected: (proposalId: string, reason: string) => void;
  onKeepTalking: () => void;
  /** `finished`: the approval also completed the session. */
  onDecided: (finished?: boolean) => void;
  /** In the chat a rejection becomes the next turn; elsewhere (the ritual review page) the ritual revises on its own. */
  inChat?: boolean;
};

const statusBadge: Record<ProposalCardData["status"], { tone: "zinc" | "brand" | "green" | "amber" | "red"; label: string }> = {
  draft: { tone: "amber", label: "Draft" },
  pending: { tone: "brand", label: "Awaiting your decision" },
  approved: { tone: "green", label: "Approved" },
  rejected: { tone: "red", label: "Rejected" },
  superseded: { tone: "zinc", label: "Superseded" },
};

export function ProposalCard({ workspaceSlug, templateId, proposal, canDecide, onRejected, onKeepTalking, onDecided, inChat = true }: Props) {
  const [mode, setMode] = useState<"idle" | "approve" | "reject">("idle");
  const hydrated = useHydrated();
  const nextNumber = proposal.resultingVersion ?? (proposal.base ? proposal.base.number + 1 : null);
  const badge = proposal.status === "pending" && !canDecide ? { tone: "brand" as const, label: "Awaiting a decision" } : statusBadge[proposal.status];
  const open = proposal.status === "pending" || proposal.status === "draft";
  return (
    <section className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm" aria-label={`Proposal${nextNumber ? ` for v${nextNumber}` : ""}`} data-testid="proposal-card" data-status={proposal.status}>
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-100 bg-zinc-50 px-4 py-2.5">
        <div className="flex items-center gap-2 text-sm font-semibold text-zinc-900">
          <GitBranch className="size-4 text-brand-600" aria-hidden />
          Proposed directives{nextNumber ? ` · v${nextNumber}` : ""}
          {proposal.base ? <span className="font-normal text-zinc-500">against v{proposal.base.number}</span> : null}
        </div>
        <div className="flex items-center gap-2">
          <ConfidenceBadge confidence={proposal.confidence} />
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </div>
      </header>
      <div className="space-y-3 px-4 py-3">
        <p className="text-sm text-zinc-700">
          <span className="font-medium text-zinc-900">Why: </span>
          {proposal.rationale}
        </p>
        <FlagList flags={proposal.flags} />
        <ReversalList reversals={proposal.reversals} evidence={proposal.reversalEvidence} />
        <LineDiff before={proposal.base?.directives ?? ""} after={proposal.directives} flags={proposal.flags} />
        {proposal.candidates ? <CandidateList candidates={proposal.candidates} /> : null}
        {proposal.replay && (open || proposal.replay.status === "done") ? <ReplayResult replay={proposal.replay} /> : null}
        {proposal.replayOverrideReason ? <p className="text-xs text-zinc-600">Approved over the replay guard: “{proposal.replayOverrideReason}”</p> : null}
        {proposal.reversalReason ? <p className="text-xs text-zinc-600">Approved as a reversal without new feedback: “{proposal.reversalReason}”</p> : null}
        <Outcome proposal={proposal} workspaceSlug={workspaceSlug} templateId={templateId} />
      </div>
      {open && canDecide ? (
        <footer className="border-t border-zinc-100 px-4 py-3">
          {proposal.status === "draft" ? (
            <p className="mb-2 flex items-center gap-1.5 text-sm text-amber-800" role="note">
              <AlertTriangle className="size-4" aria-hidden />
              Confidence {proposal.confidence.toFixed(2)} is below {APPROVAL_CONFIDENCE.toFixed(2)}: a draft cannot be approved. Tell the improver what would make it convincing.
            </p>
          ) : null}
          {mode === "approve" ? (
            <ApproveForm
              workspaceSlug={workspaceSlug}
              proposalId={proposal.id}
              canContinue={inChat}
              needsReason={proposal.replay?.blocked ?? false}
              needsReversalReason={proposal.reversalEvidence.some((e) => !e.enough)}
              onCancel={() => setMode("idle")}
              onDone={onDecided}
            />
          ) : mode === "reject" ? (
            <RejectForm
              workspaceSlug={workspaceSlug}
              proposalId={proposal.id}
              inChat={inChat}
              onCancel={() => setMode("idle")}
              onDone={(reason) => {
                setMode("idle");
                onRejected(proposal.id, reason);
              }}
            />
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => setMode("approve")} disabled={!hydrated || proposal.status === "draft"}>
                <Check className="size-4" aria-hidden /> Approve
              </Button>
              <Button size="sm" variant="danger" onClick={() => setMode("reject")} disabled={!hydrated}>
                <X className="size-4" aria-hidden /> Reject
              </Button>
              <Button size="sm" variant="ghost" onClick={onKeepTalking} disabled={!hydrated}>
                {inChat ? "Keep talking" : "Refine in chat"}
              </Button>
            </div>
          )}
        </footer>
      ) : null}
    </section>
  );
}

/** The versions the ritual's candidate search replayed, the chosen one marked. */
function CandidateList({ candidates }: { candidates: NonNullable<ProposalCardData["candidates"]> }) {
  return (
    <details className="rounded-lg border border-zinc-100 bg-zinc-50 px-3 py-2 text-xs text-zinc-600" data-testid="proposal-candidates">
      <summary className="cursor-pointer text-zinc-700">
        {candidates.lines.length} candidate versions replayed on {candidates.runs} of last week&apos;s runs; this one won
      </summary>
      <ul className="mt-2 space-y-1">
        {candidates.lines.map((line, i) => (
          <li key={line} className={i === candidates.chosen ? "font-medium text-zinc-900" : undefined}>
            {i === candidates.chosen ? "✓ " : ""}
            {line}
          </li>
        ))}
      </ul>
    </details>
  );
}

function ConfidenceBadge({ confidence }: { confidence: number }) {
  const tone = confidence >= APPROVAL_CONFIDENCE ? "green" : "amber";
  return <Badge tone={tone}>Confidence {confidence.toFixed(2)}</Badge>;
}

function Outcome({ proposal, workspaceSlug, templateId }: { proposal: ProposalCardData; workspaceSlug: string; templateId: string }) {
  if (proposal.status === "approved" && proposal.resultingVersion) {
    return (
      <p className="text-sm text-emerald-800">
        Approved{proposal.decidedBy ? ` by ${proposal.decidedBy}` : ""} as{" "}
        <Link className="font-medium underline" href={`/w/${workspaceSlug}/templates/${templateId}/versions`}>
          v{proposal.resultingVersion}
        </Link>
        {proposal.userRating != null ? `, rated ${proposal.userRating.toFixed(2)} (${anchorFor(proposal.userRating)})` : ""}. Every instance uses it at its next run.
      </p>
    );
  }
  if (proposal.status === "rejected") {
    return <p className="text-sm text-red-800">Rejected{proposal.decidedBy ? ` by ${proposal.decidedBy}` : ""}: {proposal.rejectionReason}</p>;
  }
  if (proposal.status === "superseded") return <p className="text-sm text-zinc-500">A newer proposal replaced this one.</p>;
  return null;
}

function FlagList({ flags }: { flags: ProposalCardData["flags"] }) {
  const positive = flags.filter((f) => f.positive);
  if (positive.length === 0) return null;
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="alert" data-testid="clause-flags">
      <p className="flex items-center gap-1.5 font-medium">
        <AlertTriangle className="size-4" aria-hidden /> Removes {positive.length === 1 ? "a clause" : `${positive.length} clauses`} tied to confirmed behaviour
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {positive.map((f) => (
          <li key={f.line}>
            “{f.line}” came from v{f.version}
            {f.rationale ? `: “${f.rationale}”` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Changes of the last versions this proposal undoes: flip-flopping needs new evidence, or a person's reason. */
function ReversalList({ reversals, evidence }: { reversals: ProposalCardData["reversals"]; evidence: ProposalCardData["reversalEvidence"] }) {
  if (!reversals.length) return null;
  const byVersion = new Map(evidence.map((e) => [e.version, e]));
  const lacking = evidence.some((e) => !e.enough);
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="alert" data-testid="reversals">
      <p className="flex items-center gap-1.5 font-medium">
        <AlertTriangle className="size-4" aria-hidden /> Reverses {reversals.length === 1 ? "a recent change" : `${reversals.length} recent changes`}
        {lacking ? ": no new evidence, give a reason to approve" : evidence.length ? ": new evidence since" : ": approve it only on new evidence"}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {reversals.map((r) => {
          const e = byVersion.get(r.version);
          return (
            <li key={`${r.kind}:${r.line}`}>
              {r.kind === "removes" ? "Removes" : "Brings back"} “{r.line}”: this reverses the change approved on {formatDate(new Date(r.approvedAt))} (v{r.version})
              {e ? <span data-testid="reversal-evidence"> — {e.enough ? e.words : `${e.words}: give a reason to approve`}</span> : null}.
            </li>
          );
        })}
      </ul>
    </div>
  );
}

type DiffLine = { kind: "added" | "removed" | "same"; text: string };
type DiffRow = DiffLine | { kind: "gap"; lines: DiffLine[] };

/** Unchanged lines kept around each change; longer unchanged runs fold into one row. */
const CONTEXT_LINES = 2;

function diffRows(before: string, after: string): { rows: DiffRow[]; added: number; removed: number } {
  const lines: DiffLine[] = diffLines(before, after, { ignoreNewlineAtEof: true, stripTrailingCr: true }).flatMap((part) =>
    part.value
      .replace(/\n$/, "")
      .split("\n")
      .map((text) => ({ kind: part.added ? "added" : part.removed ? "removed" : "same", text }) as DiffLine),
  );
  const near = (i: number) => lines.slice(Math.max(0, i - CONTEXT_LINES), i + CONTEXT_LINES + 1).some((l) => l.kind !== "same");
  const rows: DiffRow[] = [];
  let gap: DiffLine[] = [];
  const flush = () => {
    if (gap.length > 0) rows.push(gap.length <= 2 ? gap[0]! : { kind: "gap", lines: gap });
    if (gap.length === 2) rows.push(gap[1]!);
    gap = [];
  };
  lines.forEach((line, i) => {
    if (line.kind === "same" && !near(i)) {
      gap.push(line);
      return;
    }
    flush();
    rows.push(line);
  });
  flush();
  const counted = (kind: DiffLine["kind"]) => lines.filter((l) => l.kind === kind && l.text.trim() !== "").length;
  return { rows, added: counted("added"), removed: counted("removed") };
}

/** Line diff of the directives (unchanged stretches folded); removed lines carry their provenance. */
function LineDiff({ before, after, flags }: { before: string; after: string; flags: ProposalCardData["flags"] }) {
  const byLine = new Map(flags.map((f) => [f.line, f]));
  const { rows, added, removed } = diffRows(before, after);
  const [expanded, setExpanded] = useState(false);
  const line = (l: DiffLine, key: string) => {
    const flag = l.kind === "removed" ? byLine.get(l.text.trim()) : undefined;
    return (
      <div
        key={key}
        className={cn("whitespace-pre-wrap px-3", l.kind === "added" && "bg-emerald-50 text-emerald-900", l.kind === "removed" && "bg-red-50 text-red-900 line-through decoration-red-300", l.kind === "same" && "text-zinc-600")}
      >
        <span className="mr-2 select-none text-zinc-400" aria-hidden>
          {l.text.trim() === "" ? " " : l.kind === "added" ? "+" : l.kind === "removed" ? "−" : " "}
        </span>
        <span className="sr-only">{l.kind === "added" ? "Added: " : l.kind === "removed" ? "Removed: " : ""}</span>
        {l.text || " "}
        {flag ? (
          <span className={cn("ml-2 inline-block rounded px-1.5 text-[11px] no-underline", flag.positive ? "bg-amber-100 text-amber-900" : "bg-zinc-100 text-zinc-600")}>from v{flag.version}</span>
        ) : null}
      </div>
    );
  };
  return (
    <div className="rounded-lg border border-zinc-200">
      <p className="flex items-center justify-between border-b border-zinc-100 px-3 py-1.5 text-xs text-zinc-500">
        <span>
          <span className="text-emerald-700">+{added} added</span> · <span className="text-red-700">−{removed} removed</span>
        </span>
        {rows.some((r) => r.kind === "gap") ? (
          <button type="button" className="font-medium text-brand-600 hover:underline" onClick={() => setExpanded((v) => !v)}>
            {expanded ? "Show changes only" : "Show all lines"}
          </button>
        ) : null}
      </p>
      <pre className="max-h-96 overflow-auto py-1 font-mono text-[12.5px] leading-relaxed" data-testid="proposal-diff">
        {rows.map((row, i) =>
          row.kind === "gap" ? (
            expanded ? (
              row.lines.map((l, j) => line(l, `${i}-${j}`))
            ) : (
              <div key={i} className="select-none bg-zinc-50 px-3 text-zinc-400">
                ⋯ {row.lines.length} unchanged lines
              </div>
            )
          ) : (
            line(row, String(i))
          ),
        )}
      </pre>
    </div>
  );
}

/** `canContinue`: "approve & keep talking" only where the talking happens (the chat), never on the ritual review page. */
function ApproveForm({
  workspaceSlug,
  proposalId,
  canContinue,
  needsReason,
  needsReversalReason,
  onCancel,
  onDone,
}: {
  workspaceSlug: string;
  proposalId: string;
  canContinue: boolean;
  needsReason: boolean;
  needsReversalReason: boolean;
  onCancel: () => void;
  onDone: (finished: boolean) => void;
}) {
  const id = useId();
  const reasonId = useId();
  const reversalId = useId();
  const [rating, setRating] = useState(0.75);
  const [overrideReason, setOverrideReason] = useState("");
  const [reversalReason, setReversalReason] = useState("");
  const { run, pending, error, fieldError } = useAction(approveProposalAction);
  // A card drawn before its evidence was read (a proposal still streaming in the chat) learns it from the refusal.
  const askReversal = needsReversalReason || (error?.status === 409 && error.message.startsWith("This reverses"));
  const approve = (finish: boolean) =>
    void run({ workspaceSlug, proposalId, rating, finish, ...(needsReason ? { overrideReason } : {}), ...(askReversal ? { reversalReason } : {}) }, () => onDone(finish));
  const missing = (needsReason && overrideReason.trim().length < 3) || (askReversal && reversalReason.trim().length < 3);
  return (
    <div className="space-y-2" role="group" aria-label="Approve proposal">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800">
        How good is this proposal? <span className="font-normal text-zinc-500">The rating teaches the improver.</span>
      </label>
      <div className="flex items-center gap-3">
        <RatingRange id={id} value={rating} onChange={setRating} className="w-56" />
        <span className="font-mono text-xs tabular-nums">{rating.toFixed(2)}</span>
        <span className="text-xs text-zinc-500">{anchorFor(rating)}</span>
      </div>
      {needsReason ? (
        <div>
          <label htmlFor={reasonId} className="block text-sm font-medium text-zinc-800">
            Why approve despite the replay check?
          </label>
          <p className="text-xs text-zinc-500">The replay check {REPLAY_CHECK_EXPLAINED.charAt(0).toLowerCase() + REPLAY_CHECK_EXPLAINED.slice(1)}</p>
          <Textarea id={reasonId} rows={2} limit={TEXT_LIMITS.proposalReason} value={overrideReason} onChange={(e) => setOverrideReason(e.target.value)} placeholder="e.g. The lost acceptance was a one-off ticket" />
          <LimitHint limit={TEXT_LIMITS.proposalReason} />
        </div>
      ) : null}
      {askReversal ? (
        <div>
          <label htmlFor={reversalId} className="block text-sm font-medium text-zinc-800">
            It reverses a recent change with no new feedback: what changed?
          </label>
          <Textarea id={reversalId} rows={2} limit={TEXT_LIMITS.proposalReason} value={reversalReason} onChange={(e) => setReversalReason(e.target.value)} placeholder="e.g. The support team changed its process this week" />
          <LimitHint limit={TEXT_LIMITS.proposalReason} />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => approve(true)} disabled={pending || missing}>
          {pending ? "Approving…" : canContinue ? "Approve & finish session" : "Approve with this rating"}
        </Button>
        {canContinue ? (
          <Button size="sm" variant="secondary" onClick={() => approve(false)} disabled={pending || missing}>
            Approve & keep talking
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
      <ErrorText message={error && (fieldError("overrideReason") ?? fieldError("reversalReason") ?? error.message)} />
    </div>
  );
}

function RejectForm({ workspaceSlug, proposalId, inChat, onCancel, onDone }: { workspaceSlug: string; proposalId: string; inChat: boolean; onCancel: () => void; onDone: (reason: string) => void }) {
  const id = useId();
  const [reason, setReason] = useState("");
  const { run, pending, error, fieldError } = useAction(rejectProposalAction);
  return (
    <ActionForm className="space-y-2" onSubmit={() => void run({ workspaceSlug, proposalId, reason, refineInChat: inChat }, () => onDone(reason.trim()))}>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800">
        Why not? <span className="font-normal text-zinc-500">The improver reads this and tries again.</span>
      </label>
      <Textarea id={id} rows={2} limit={TEXT_LIMITS.proposalReason} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Too long — keep only the due-date rule" required />
      <LimitHint limit={TEXT_LIMITS.proposalReason} />
      <div className="flex gap-2">
        <SubmitButton size="sm" variant="danger" pending={pending} pendingLabel="Rejecting…">
          Reject with reason
        </SubmitButton>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
      <ErrorText message={error && (fieldError("reason") ?? error.message)} />
    </ActionForm>
  );
}
