import { AlertTriangle, ArrowLeft, CalendarClock, CheckCircle2, CircleSlash, Hourglass, Loader2, RotateCcw } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { Badge, Card, CardHeader, Notice } from "@/components/ui/card";
import { MarkViewedRead } from "@/features/notifications/components/mark-viewed-read";
import { isOpen, STATUS_LABEL, STATUS_TONE } from "@/features/one-on-one/status";
import { AutoRefresh } from "@/features/rituals/components/auto-refresh";
import { formatInZone } from "@/features/rituals/components/format";
import { RitualFeedback } from "@/features/rituals/components/ritual-feedback";
import { getItemLabels } from "@/features/feedback/server";
import { sourceKind } from "@/features/feedback/source-kind";
import { RitualNotes } from "@/features/rituals/components/ritual-notes";
import { RitualProposals } from "@/features/rituals/components/ritual-proposals";
import { PreferenceConflicts } from "@/features/one-on-one/components/preference-conflicts";
import { listPreferenceConflicts } from "@/features/one-on-one/server";
import { RunRitualButton } from "@/features/rituals/components/run-ritual-button";
import { ReviewLinkParams } from "@/features/rituals/schemas";
import { MAX_RITUAL_ROUNDS } from "@/features/rituals/server";
import { getRitualReview, type RitualReview } from "@/features/rituals/server";
import { reviewPath } from "@/features/rituals/server";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "Ritual review" };

// Where the "review the weekly proposal" email lands: what the improver saw (classified feedback,
// patterns), what it thinks (notes), and the proposal to approve, reject or refine in chat.

const WORKING = { preparing: "Classifying the feedback since the last session…", analyzing: "The improver is analysing the feedback…", proposing: "The improver is writing a proposal…" } as const;

export default async function RitualReviewPage({ params, searchParams }: { params: Promise<{ slug: string; sessionId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { slug, sessionId } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const review = sessionId.length <= 64 ? await getRitualReview(ctx.workspace.id, sessionId) : null;
  if (!review) notFound();

  // Opening the review reads its notifications — the in-app ones pointing here, and the email's
  // own (signed) one — after the page rendered (MarkViewedRead posts it): the GET writes nothing.
  const link = ReviewLinkParams.parse(await searchParams);

  const { session, template, schedule } = review;
  const templateHref = `/w/${slug}/templates/${template.id}`;
  const canDecide = can(ctx.membership.role, "proposals.decide");
  // The template's open reviewer conflicts: this week's proposal leaves those tools alone until the team settles them.
  // The labels in force of the frozen patterns' written examples (a person may have corrected one since).
  const exampleIds = review.cadence === "weekly" ? (review.feedbackSummary?.patterns ?? []).flatMap((p) => p.examples.filter((e) => sourceKind(e.sourceType) === "written").map((e) => e.itemId)) : [];
  const [conflicts, labels] = await Promise.all([
    listPreferenceConflicts({ workspaceId: ctx.workspace.id, templateId: template.id, closed: 0 }),
    getItemLabels({ workspaceId: ctx.workspace.id, itemIds: exampleIds }),
  ]);
  const openProposal = review.proposals.some((p) => p.status === "pending" || p.status === "draft");
  const waiting = session.status === "awaiting_review" && openProposal;
  // After a rejection the session stays awaiting_review, with nothing to decide, until the runner starts the next round.
  const working = session.status in WORKING || (session.status === "awaiting_review" && !openProposal);
  const ritualName = review.cadence === "weekly" ? "Weekly ritual" : "Monthly meta ritual";
  const nextRevision = session.round + 2 <= MAX_RITUAL_ROUNDS ? session.round + 2 : null;

  return (
    <>
      <MarkViewedRead workspaceSlug={slug} link={reviewPath(ctx.workspace.slug, sessionId)} n={link.n} sig={link.sig} />
      {working ? <AutoRefresh /> : null}
      <Link href={templateHref} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-zinc-500 hover:text-zinc-900">
        <ArrowLeft className="size-4" aria-hidden /> {template.name}
      </Link>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4" data-testid="ritual-header">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">
            {ritualName} #{session.sessionNumber}
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-zinc-900">{template.name}</h1>
          <p className="mt-1 max-w-2xl text-sm text-zinc-500">
            {review.cadence === "weekly"
              ? "The improver read the feedback since the last session and proposes new directives."
              : "The meta-improver looked at how the improvers did this month and proposes new improver directives."}{" "}
            Nothing changes until a person approves.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS_TONE[session.status]}>
            <span data-testid="ritual-status">{STATUS_LABEL[session.status]}</span>
          </Badge>
          {session.round > 0 ? <Badge tone="amber">{`revision ${session.round + 1} of ${MAX_RITUAL_ROUNDS}`}</Badge> : null}
          {template.headVersion ? <Badge tone="brand">Active: v{template.headVersion.number}</Badge> : null}
        </div>
      </header>

      <div className="mb-6 grid gap-3 sm:grid-cols-3" data-testid="ritual-facts">
        <Fact icon={<CalendarClock className="size-4" aria-hidden />} label="Started">
          {formatInZone(session.createdAt, schedule.timezone)}
        </Fact>
        {waiting && session.decisionDueAt ? (
          <Fact icon={<Hourglass className="size-4" aria-hidden />} label="Decide by" tone="amber">
            <span data-testid="decide-by">{formatInZone(session.decisionDueAt, schedule.timezone)}</span>
            <span className="block text-xs font-normal text-zinc-500">Without a decision the session closes unchanged.</span>
          </Fact>
        ) : (
          <Fact icon={<Hourglass className="size-4" aria-hidden />} label={session.completedAt ? "Ended" : "Decision"}>
            {session.completedAt ? formatInZone(session.completedAt, schedule.timezone) : "Not yet asked"}
          </Fact>
        )}
        <Fact icon={<RotateCcw className="size-4" aria-hidden />} label="Round">
          {session.round === 0 ? "First proposal" : `Revision ${session.round + 1}`}
          <span className="block text-xs font-normal text-zinc-500">Up to {MAX_RITUAL_ROUNDS} proposals per ritual</span>
        </Fact>
      </div>

      <div className="space-y-4">
        <Outcome review={review} slug={slug} canRun={can(ctx.membership.role, "rituals.run")} />
        {working ? (
          <div className="flex items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-700" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {session.status in WORKING ? WORKING[session.status as keyof typeof WORKING] : "The improver is revising its proposal after your reason…"} This page updates by itself.
          </div>
        ) : null}
        {waiting && !canDecide ? <Notice>You can read this review. Members, admins and owners decide on proposals.</Notice> : null}
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="proposal-heading">
            <h2 id="proposal-heading" className="mb-3 text-base font-semibold text-zinc-900">
              Proposal
            </h2>
            {review.proposals.length > 0 ? (
              <RitualProposals workspaceSlug={slug} templateId={template.id} proposals={review.proposals} canDecide={waiting && canDecide} nextRevision={nextRevision} />
            ) : (
              <Card>
                <p className="px-5 py-6 text-sm text-zinc-500">{working ? "No proposal yet: the improver is still working." : "This ritual made no proposal."}</p>
              </Card>
            )}
          </section>

          <Card>
            <CardHeader title="The improver's notes" description="What it noticed, and the hypothesis it will check next time." />
            <RitualNotes notes={review.notes} ended={!isOpen(session.status)} />
          </Card>
        </div>

        <aside className="space-y-6">
          <PreferenceConflicts workspaceSlug={slug} conflicts={conflicts} canSettle={canDecide} />
          <Card>
            <CardHeader
              title={review.cadence === "weekly" ? "Feedback since the last session" : "How the improvers did"}
              description={review.cadence === "weekly" ? "Classified decisions, observations, ratings and reports, negative first." : "Approval rate, churn and before/after outcomes of the last 30 days."}
            />
            <RitualFeedback slug={slug} summary={review.feedbackSummary} meta={review.cadence === "monthly"} ended={!isOpen(session.status)} labels={labels} canLabel={can(ctx.membership.role, "feedback.label")} />
          </Card>
        </aside>
      </div>
    </>
  );
}

function Fact({ icon, label, tone, children }: { icon: ReactNode; label: string; tone?: "amber"; children: ReactNode }) {
  return (
    <div className={`rounded-xl border bg-white px-4 py-3 shadow-xs ${tone === "amber" ? "border-amber-200" : "border-zinc-200"}`}>
      <p className={`flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide ${tone === "amber" ? "text-amber-700" : "text-zinc-500"}`}>
        {icon}
        {label}
      </p>
      <div className="mt-1 text-sm font-semibold text-zinc-900">{children}</div>
    </div>
  );
}

/** A closed ritual says how it ended: the version it created, or why nothing changed. */
function Outcome({ review, slug, canRun }: { review: RitualReview; slug: string; canRun: boolean }) {
  const { session, template, createdVersion } = review;
  const templateHref = `/w/${slug}/templates/${template.id}`;
  switch (session.status) {
    case "completed":
      return (
        <div className="flex flex-wrap items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900" role="status" data-testid="ritual-outcome">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
          <div>
            {createdVersion ? (
              <p className="font-medium">
                Approved: <Link className="underline" href={`${templateHref}/versions`}>v{createdVersion}</Link> of {template.name} was created
                {template.headVersion?.number === createdVersion ? " and is active" : ""}
                {session.userRating != null ? `, rated ${session.userRating.toFixed(2)}` : ""}.
              </p>
            ) : (
              <p className="font-medium">Completed without a new version{session.outcomeNote ? `: ${session.outcomeNote}` : "."}</p>
            )}
            <p className="mt-0.5 text-emerald-800">
              {createdVersion ? "Every instance uses the new directives at its next run. " : ""}
              <Link className="font-medium underline" href={templateHref}>
                Open the template
              </Link>
            </p>
          </div>
        </div>
      );
    case "failed":
      return (
        <div className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" role="alert" data-testid="ritual-outcome">
          <div className="flex items-start gap-3">
            <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
            <div>
              <p className="font-medium">The ritual could not finish.</p>
              {session.outcomeNote ? <p className="mt-0.5" data-testid="ritual-failure">{session.outcomeNote}</p> : null}
              <p className="mt-0.5 text-red-800">
                Nothing was changed; the feedback waits for the next ritual.{" "}
                {canRun ? "Try again once the cause is fixed." : "A member can run it again."}
              </p>
            </div>
          </div>
          {canRun ? <RunRitualButton workspaceSlug={slug} templateId={template.id} label="Try again" /> : null}
        </div>
      );
    case "skipped":
    case "abandoned":
      return (
        <div className="flex items-start gap-3 rounded-xl border border-zinc-200 bg-zinc-50 px-4 py-3 text-sm text-zinc-700" role="status" data-testid="ritual-outcome">
          <CircleSlash className="mt-0.5 size-5 shrink-0 text-zinc-400" aria-hidden />
          <div>
            <p className="font-medium text-zinc-900">
              {session.status === "skipped" ? "Skipped" : "Closed without a new version"}
              {session.outcomeNote ? `: ${session.outcomeNote}` : "."}
            </p>
            <p className="mt-0.5">
              The next ritual looks at the feedback again.{" "}
              <Link className="font-medium text-brand-700 underline" href={`${templateHref}/one-on-one`}>
                Open a one-on-one
              </Link>{" "}
              to talk it through now.
            </p>
          </div>
        </div>
      );
    case "active":
    case "preparing":
    case "analyzing":
    case "proposing":
    case "awaiting_review":
      return null;
  }
}
