import type { Metadata } from "next";
import Link from "next/link";
import { plural } from "@/lib/format";
import { formatCount } from "@/lib/capped-count";
import { DashboardSection } from "@/features/dashboards/components/dashboard-section";
import { FeedbackSection } from "@/features/dashboards/components/feedback-section";
import { WindowBar } from "@/features/dashboards/components/window-bar";
import { AdaptationNote } from "@/features/feedback/components/adaptation-note";
import { RefreshFeedbackButton } from "@/features/feedback/components/refresh-feedback-button";
import { WrittenFeedbackList } from "@/features/feedback/components/written-feedback-list";
import { sourceKind } from "@/features/feedback/source-kind";
import { countLabelQueue, getFeedbackBreakdown, getItemLabels, getLatestAdaptation, getWaitingFeedback, listRecentWrittenFeedback } from "@/features/feedback/server";
import { can } from "@/features/workspaces/permissions";
import { loadWindowTab } from "../data";
import { readThrough } from "@/server/read-cache";

export const metadata: Metadata = { title: "Template feedback" };

/**
 * Feedback: sentiment per category, signals shared by several agents, what people wrote with its
 * labels (corrected in place), what waits for the classifier, and the way to "Check labels".
 */
export default async function TemplateFeedbackPage(props: { params: Promise<{ slug: string; id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const { ctx, template, slug, query, days, workspaceId } = await loadWindowTab(props);
  const [feedback, waiting, written, queue, adaptation] = await Promise.all([
    readThrough(ctx.workspace, `template-feedback:${template.id}:${days}`, () => getFeedbackBreakdown({ workspaceId, templateId: template.id, days, now: new Date() })),
    getWaitingFeedback({ workspaceId, templateId: template.id }),
    listRecentWrittenFeedback({ workspaceId, templateId: template.id, days }),
    countLabelQueue({ workspaceId }),
    getLatestAdaptation(workspaceId),
  ]);
  // The labels in force of the patterns' written examples: one read for all of them.
  const exampleIds = feedback.patterns.flatMap((p) => p.examples.filter((e) => sourceKind(e.sourceType) === "written").map((e) => e.itemId));
  const labels = await getItemLabels({ workspaceId, itemIds: exampleIds });
  const canLabel = can(ctx.membership.role, "feedback.label");
  // "Show N more patterns" is a link (?patterns=all), not a fold: each example carries label chips,
  // so the tab renders the rest only when asked.
  const morePatterns = {
    expanded: query.patterns === "all",
    href: (all: boolean) => {
      const p = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[0] !== "patterns" && typeof e[1] === "string"));
      if (all) p.set("patterns", "all");
      return `/w/${slug}/templates/${template.id}/feedback${p.size ? `?${p}` : ""}#feedback-patterns`;
    },
  };
  return (
    <div className="space-y-6">
      <WindowBar days={days} params={query} />
      <DashboardSection id="feedback" title="Feedback" description={`Classified feedback of the last ${plural(days, "day")}: sentiment per category and signals shared by several agents.`}>
        <div className="flex flex-wrap items-center justify-between gap-3 px-5 pt-4 text-sm">
          <Link href={`/w/${slug}/labels`} className="font-medium text-brand-700 hover:underline" data-testid="check-labels-link">
            Check labels ({formatCount(queue)} waiting)
          </Link>
          {can(ctx.membership.role, "feedback.classify") ? <RefreshFeedbackButton workspaceSlug={slug} templateId={template.id} /> : null}
        </div>
        <AdaptationNote adaptation={adaptation} className="mx-5 mt-3" />
        <FeedbackSection slug={slug} breakdown={feedback} waiting={waiting} days={days} labels={labels} canLabel={canLabel} morePatterns={morePatterns} />
      </DashboardSection>
      <DashboardSection id="written" title="What people wrote" description="The newest written feedback with its labels: change a label in place, or select several and set them together.">
        <div className="p-5">
          <WrittenFeedbackList workspaceSlug={slug} items={written} canEdit={canLabel} />
        </div>
      </DashboardSection>
    </div>
  );
}
