import { Card, CardHeader } from "@/components/ui/card";
import { formatDate, formatDateTime } from "@/lib/format";
import type { WhatPeopleAccept } from "../server";
import { RefitButton } from "./refit-button";

// The template page's "What people accept": the strongest signals of the decision model in
// words, with counts and intervals; per reviewer where reviewers disagree; the model's own
// quality on a week it had not seen; and, when there is little to go on, what is missing.

const KIND_LABEL: Record<string, string> = { checklist: "checklists", estimate: "estimates", status: "status changes" };

export function WhatPeopleAcceptCard({ view, slug, templateId, canRefit }: { view: WhatPeopleAccept; slug: string; templateId: string; canRefit: boolean }) {
  const actions = canRefit ? <RefitButton workspaceSlug={slug} templateId={templateId} /> : null;
  if (!view) {
    return (
      <Card>
        <div data-testid="what-people-accept" data-state="empty">
          <CardHeader title="What people accept" description="Not measured yet: the decision model is fitted from people's decisions and ratings when a ritual prepares." actions={actions} />
        </div>
      </Card>
    );
  }
  const kinds = view.byKind.map((k) => `${k.confirmed} of ${k.total} ${KIND_LABEL[k.kind] ?? k.kind} confirmed`).join(" · ");
  return (
    <Card>
      <div data-testid="what-people-accept" data-state={view.thin ? "thin" : "signals"}>
        <CardHeader
          title="What people accept"
          description={`Measured from ${view.decisions.toLocaleString("en")} decided proposals and ${view.ratings.toLocaleString("en")} rated runs since ${formatDate(view.since)} · fitted ${formatDateTime(view.fittedAt)}`}
          actions={actions}
        />
        <div className="space-y-4 p-5 text-sm">
          {kinds ? <p className="text-zinc-500">{kinds}</p> : null}
          {view.thin ? <p className="rounded-lg bg-zinc-50 px-3 py-2 text-zinc-600">{view.thin}</p> : null}
          {view.decisionLines.length ? (
            <ul className="space-y-2" aria-label="What people's verdicts depend on">
              {view.decisionLines.map((l) => (
                <li key={l.key} data-testid="accept-signal" className="text-zinc-800">
                  {l.line}
                  {l.reviewers.length ? (
                    <ul className="mt-1 ml-4 list-disc text-xs text-zinc-500" aria-label="By reviewer (they differ)">
                      {l.reviewers.map((r) => (
                        <li key={r.name}>
                          {r.name}: {r.accepted} on the first side, {r.other} on the other
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {view.ratingLines.length ? (
            <ul className="space-y-2" aria-label="What people's ratings depend on">
              {view.ratingLines.map((l) => (
                <li key={l} data-testid="accept-rating-signal" className="text-zinc-800">
                  {l}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="text-xs text-zinc-500" data-testid="accept-quality">
            {view.quality} Each line holds after a false-discovery check; the improver sets the numbers in its proposals from them.
          </p>
        </div>
      </div>
    </Card>
  );
}
