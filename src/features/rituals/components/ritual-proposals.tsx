"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Notice } from "@/components/ui/card";
import { ProposalCard, type ProposalCardData } from "@/features/one-on-one/components/proposal-card";

// The review page's proposals: the newest one to decide on, earlier rounds folded below. A
// rejection here is not a chat turn — the waiting ritual revises on its own ("Refine in chat"
// opens the one-on-one on this session instead).

type Props = {
  workspaceSlug: string;
  templateId: string;
  proposals: ProposalCardData[];
  /** The ritual waits for a decision and the viewer may decide. */
  canDecide: boolean;
  /** The revision the next proposal would be (shown after a rejection). */
  nextRevision: number | null;
};

export function RitualProposals({ workspaceSlug, templateId, proposals, canDecide, nextRevision }: Props) {
  const router = useRouter();
  const [rejected, setRejected] = useState(false);
  const latest = proposals.at(-1);
  const earlier = proposals.slice(0, -1).reverse();
  if (!latest) return null;
  const card = (p: ProposalCardData, decide: boolean) => (
    <ProposalCard
      key={p.id}
      workspaceSlug={workspaceSlug}
      templateId={templateId}
      proposal={p}
      canDecide={decide}
      inChat={false}
      onRejected={() => {
        setRejected(true);
        router.refresh();
      }}
      onKeepTalking={() => router.push(`/w/${workspaceSlug}/templates/${templateId}/one-on-one`)}
      onDecided={() => router.refresh()}
    />
  );
  return (
    <div className="space-y-4">
      {rejected ? (
        <Notice>
          {nextRevision
            ? `Rejected. The improver is revising its proposal (revision ${nextRevision}); you'll be notified when it is ready.`
            : "Rejected. That was the last revision: the ritual ends without a new version."}
        </Notice>
      ) : null}
      {card(latest, canDecide)}
      {earlier.length > 0 ? (
        <details className="group rounded-xl border border-zinc-200 bg-zinc-50/60">
          <summary className="cursor-pointer list-none px-4 py-2.5 text-sm font-medium text-zinc-700 hover:text-zinc-900 [&::-webkit-details-marker]:hidden">
            <span className="mr-1 inline-block transition-transform group-open:rotate-90" aria-hidden>
              ›
            </span>
            {earlier.length === 1 ? "1 earlier proposal" : `${earlier.length} earlier proposals`} in this ritual
          </summary>
          <div className="space-y-4 px-4 pb-4">{earlier.map((p) => card(p, false))}</div>
        </details>
      ) : null}
    </div>
  );
}
