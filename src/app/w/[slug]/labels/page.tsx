import type { Metadata } from "next";
import { Card, PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCount } from "@/lib/capped-count";
import { AdaptationNote } from "@/features/feedback/components/adaptation-note";
import { LabelQueue } from "@/features/feedback/components/label-queue";
import { REVIEW_BELOW } from "@/features/feedback/labels";
import { countLabelQueue, getLatestAdaptation, listLabelQueue } from "@/features/feedback/server";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "Check labels" };

/** "Check labels": written feedback the classifier is least sure of, to confirm or fix with the keyboard. */
export default async function CheckLabelsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const workspaceId = ctx.workspace.id;
  const [items, waiting, adaptation] = await Promise.all([listLabelQueue({ workspaceId }), countLabelQueue({ workspaceId }), getLatestAdaptation(workspaceId)]);
  return (
    <>
      <PageHeader
        title="Check labels"
        description={`Written feedback the classifier labelled with less than ${Math.round(REVIEW_BELOW * 100)}% confidence, least sure first. A text written many times is listed once (×N): your label applies to all of it. Each label you confirm or fix is kept, and teaches the classifier this workspace's words.`}
      />
      <p className="mb-4 text-sm text-zinc-700" data-testid="queue-waiting">
        <span className="font-semibold tabular-nums">{formatCount(waiting)}</span> waiting
      </p>
      <AdaptationNote adaptation={adaptation} className="mb-4" />
      <Card className="p-5">
        {items.length ? (
          <LabelQueue workspaceSlug={slug} items={items} canEdit={can(ctx.membership.role, "feedback.label")} />
        ) : (
          <EmptyState title="Nothing to check">Every label the classifier was unsure of has been checked.</EmptyState>
        )}
      </Card>
    </>
  );
}
