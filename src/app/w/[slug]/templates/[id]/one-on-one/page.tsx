import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { Badge, Card, PageHeader } from "@/components/ui/card";
import { ContextPanel } from "@/features/one-on-one/components/context-panel";
import { OneOnOneChat } from "@/features/one-on-one/components/lazy-one-on-one-chat";
import { SessionControls, StartSessionButton } from "@/features/one-on-one/components/session-controls";
import { SessionSummary } from "@/features/one-on-one/components/session-summary";
import { SessionList } from "@/features/one-on-one/components/session-list";
import { loadTranscript } from "@/features/one-on-one/server";
import { getHeadVersion, getSession, listPreferenceConflicts, listProposals, listSessions, sessionFeedback } from "@/features/one-on-one/server";
import { PreferenceConflicts } from "@/features/one-on-one/components/preference-conflicts";
import { loadSessionContext } from "@/features/one-on-one/server";
import { getOpenSession } from "@/features/one-on-one/server";
import { isOpen, STATUS_LABEL, STATUS_TONE } from "@/features/one-on-one/status";
import { suggestQuestions } from "@/features/one-on-one/suggestions";
import { getTemplate } from "@/features/templates/server";
import { can } from "@/features/workspaces/permissions";
import { getPageWorkspaceContext } from "@/features/workspaces/server";
import { formatDateTime } from "@/lib/format";
import { MAX_APPROVED_MUTATIONS } from "@/ai/prompts/improver";

export const metadata: Metadata = { title: "One-on-one" };

const Params = z.object({ session: z.string().min(1).max(64).optional().catch(undefined) });


export default async function OneOnOnePage({ params, searchParams }: { params: Promise<{ slug: string; id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const { slug, id } = await params;
  const ctx = await getPageWorkspaceContext(slug);
  const workspaceId = ctx.workspace.id;
  const [template, headVersion] = await Promise.all([getTemplate(workspaceId, id), getHeadVersion(workspaceId, id)]);
  if (!template || !headVersion) notFound();
  const query = Params.parse(await searchParams);
  const [chosen, sessions, conflicts] = await Promise.all([
    query.session ? getSession(workspaceId, template.id, query.session) : getOpenSession(workspaceId, template.id),
    listSessions(workspaceId, template.id),
    // Open conflicts only: the improver leaves them alone, so the people talking to it should see them.
    listPreferenceConflicts({ workspaceId, templateId: template.id, closed: 0 }),
  ]);
  if (query.session && !chosen) notFound();
  const canChat = can(ctx.membership.role, "improver.chat");
  const canDecide = can(ctx.membership.role, "proposals.decide");
  const head = { number: headVersion.number, directives: headVersion.directives };
  const templateHref = `/w/${slug}/templates/${template.id}`;

  const header = (
    <PageHeader
      title={`One-on-one · ${template.name}`}
      description="Talk with the template's improver: it reads the feedback since the last session, keeps notes, and proposes new directives that you approve or reject."
      actions={
        <div className="flex items-center gap-3 text-sm">
          <Link className="font-medium text-brand-600 hover:underline" href={`${templateHref}/notes`}>
            Notes
          </Link>
          <Link className="font-medium text-brand-600 hover:underline" href={templateHref}>
            Template · v{head.number}
          </Link>
        </div>
      }
    />
  );

  if (!chosen) {
    const last = sessions.find((s) => s.status === "completed");
    return (
      <>
        {header}
        <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
          <Card>
            <div className="space-y-4 p-6">
              <h2 className="text-base font-semibold text-zinc-900">No session open</h2>
              <p className="max-w-prose text-sm text-zinc-600">
                {last ? `The last session (#${last.sessionNumber}) ended ${formatDateTime(last.completedAt ?? last.createdAt)}. ` : "This template has not had a one-on-one yet. "}
                Starting one classifies the feedback that arrived since, then the improver summarises it and you decide together what to change. Nothing changes without your approval.
              </p>
              {canChat ? <StartSessionButton workspaceSlug={slug} templateId={template.id} /> : <p className="text-sm text-zinc-500">Viewers can read past sessions but not start one.</p>}
            </div>
          </Card>
          <SessionList slug={slug} templateId={template.id} sessions={sessions} currentId={null} />
        </div>
      </>
    );
  }

  const open = isOpen(chosen.status);
  const now = new Date();
  const [transcript, proposals, { context, data }] = await Promise.all([loadTranscript(workspaceId, chosen.id), listProposals(workspaceId, chosen.id), loadSessionContext(chosen, now)]);
  // The summary card shows what the improver sees: its 7-day metrics, and the live delta of an open
  // session (a closed one shows the feedback it covered instead).
  const delta = open ? { total: data.delta.total, capped: data.delta.capped } : null;
  const approved = proposals.filter((p) => p.status === "approved");
  // The chat's empty state: first questions drawn from this session's feedback, decisions and metrics.
  const suggestions = open ? suggestQuestions({ feedback: sessionFeedback(chosen), decisions: data.decisions, metrics: data.metrics }) : [];

  return (
    <>
      {header}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Card className="overflow-hidden">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-100 px-4 py-3">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold text-zinc-900">Session #{chosen.sessionNumber}</span>
              <Badge tone={STATUS_TONE[chosen.status]}>{STATUS_LABEL[chosen.status]}</Badge>
              {chosen.origin === "ritual" ? <Badge>Weekly ritual</Badge> : null}
              <span className="text-zinc-500">started {formatDateTime(chosen.createdAt)}</span>
              {approved.length ? <span className="text-zinc-500">· {approved.length === 1 ? "1 change" : `${approved.length} changes`} approved{open ? ` (at most ${MAX_APPROVED_MUTATIONS} per session)` : ""}</span> : null}
            </div>
            {open && canDecide ? <SessionControls workspaceSlug={slug} sessionId={chosen.id} approved={chosen.approvedMutations} /> : null}
          </div>
          <SessionSummary feedback={sessionFeedback(chosen)} metrics={data.metrics} delta={delta} />
          {open && !canDecide ? (
            <p className="border-b border-zinc-100 bg-zinc-50 px-4 py-2 text-sm text-zinc-600" role="status">
              You can read this session; members and above talk with the improver and decide on its proposals.
            </p>
          ) : null}
          {!open ? (
            <p className="border-b border-zinc-100 bg-zinc-50 px-4 py-2 text-sm text-zinc-600" role="status">
              {chosen.status === "completed"
                ? `Completed ${chosen.completedAt ? formatDateTime(chosen.completedAt) : ""}${chosen.userRating != null ? ` · rated ${chosen.userRating.toFixed(2)}` : ""}${approved.length ? ` · created ${approved.map((p) => `v${p.resultingVersion}`).join(", ")}` : ""}.`
                : chosen.status === "skipped" ? `Skipped: ${chosen.outcomeNote ?? "too little new feedback."}` : `Abandoned: no version was created.${chosen.outcomeNote ? ` ${chosen.outcomeNote}` : ""}`}{" "}
              <Link className="font-medium text-brand-600 hover:underline" href={`/w/${slug}/templates/${template.id}/one-on-one`}>
                {sessions.some((s) => isOpen(s.status)) ? "Go to the open session" : canChat ? "Start a new one-on-one" : "Back to the one-on-one"}
              </Link>
            </p>
          ) : null}
          <OneOnOneChat
            currentUserId={ctx.user.id}
            workspaceSlug={slug}
            templateId={template.id}
            sessionId={chosen.id}
            initialMessages={transcript}
            proposals={proposals}
            head={head}
            open={open}
            canChat={canChat}
            canDecide={canDecide}
            suggestions={suggestions}
          />
        </Card>
        <aside className="space-y-4">
          <PreferenceConflicts workspaceSlug={slug} conflicts={conflicts} canSettle={canDecide} />
          <ContextPanel sections={context.sections} totalTokens={context.totalTokens} budget={context.budget} scaffoldTokens={context.scaffoldTokens} />
          <SessionList slug={slug} templateId={template.id} sessions={sessions} currentId={chosen.id} />
        </aside>
      </div>
    </>
  );
}
