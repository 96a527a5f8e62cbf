import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { CalibrationSummary, HypothesesLedger } from "@/features/hypotheses/components/hypotheses-ledger";
import { getTemplateHypotheses } from "@/features/hypotheses/server";
import { getTemplate } from "@/features/templates/server";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "Hypotheses" };

/** The hypothesis ledger of one template: what the improver predicted, how each was graded, and its calibration. */
export default async function HypothesesPage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { slug, id } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const template = await getTemplate(ctx.workspace.id, id);
  if (!template) notFound();
  const { rows, calibration } = await getTemplateHypotheses({ workspaceId: ctx.workspace.id, templateId: template.id });
  const base = `/w/${slug}/templates/${template.id}`;
  return (
    <>
      <PageHeader
        title={`Hypotheses · ${template.name}`}
        description="Each change the improver proposes comes with a prediction: a metric, a direction and size, a probability and a check date. At the first ritual after that date it is graded from the runs — on the probation's arms when the version had one, else before and after."
        actions={
          <div className="flex items-center gap-3 text-sm">
            <Link className="font-medium text-brand-600 hover:underline" href={`${base}/notes`}>
              Notes
            </Link>
            <Link className="font-medium text-brand-600 hover:underline" href={base}>
              Template
            </Link>
          </div>
        }
      />
      <div className="space-y-6">
        <Card>
          <CardHeader title="Calibration" description="How well the improver's stated probabilities match what happened." />
          <CalibrationSummary calibration={calibration} />
        </Card>
        <Card>
          <CardHeader title="Ledger" description="Newest first. Refuted hypotheses stay in the improver's context as “tried, did not work”." />
          <HypothesesLedger rows={rows} sessionHref={(sessionId) => `${base}/one-on-one?session=${sessionId}`} />
        </Card>
      </div>
    </>
  );
}
