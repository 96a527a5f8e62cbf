import type { Metadata } from "next";
import { plural } from "@/lib/format";
import { DashboardSection } from "@/features/dashboards/components/dashboard-section";
import { FeedbackSection } from "@/features/dashboards/components/feedback-section";
import { WindowBar } from "@/features/dashboards/components/window-bar";
import { RefreshFeedbackButton } from "@/features/feedback/components/refresh-feedback-button";
import { getFeedbackBreakdown, getWaitingFeedback } from "@/features/feedback/server";
import { can } from "@/features/workspaces/permissions";
import { loadWindowTab } from "../data";
import { readThrough } from "@/server/read-cache";

export const metadata: Metadata = { title: "Template feedback" };

/** Feedback: sentiment per category, signals shared by several agents, what waits for the classifier. */
export default async function TemplateFeedbackPage(props: { params: Promise<{ slug: string; id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const { ctx, template, slug, query, days, workspaceId } = await loadWindowTab(props);
  const [feedback, waiting] = await Promise.all([
    readThrough(ctx.workspace, `template-feedback:${template.id}:${days}`, () => getFeedbackBreakdown({ workspaceId, templateId: template.id, days, now: new Date() })),
    getWaitingFeedback({ workspaceId, templateId: template.id }),
  ]);
  return (
    <div className="space-y-6">
      <WindowBar days={days} params={query} />
      <DashboardSection id="feedback" title="Feedback" description={`Classified feedback of the last ${plural(days, "day")}: sentiment per category and signals shared by several agents.`}>
        {can(ctx.membership.role, "feedback.classify") ? (
          <div className="px-5 pt-4">
            <RefreshFeedbackButton workspaceSlug={slug} templateId={template.id} />
          </div>
        ) : null}
        <FeedbackSection slug={slug} breakdown={feedback} waiting={waiting} days={days} />
      </DashboardSection>
    </div>
  );
}
