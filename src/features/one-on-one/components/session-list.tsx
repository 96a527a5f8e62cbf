import Link from "next/link";
import { Card } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import { cn } from "@/lib/cn";
import type { SessionListItem } from "../server/queries";
import { isOpen, STATUS_LABEL } from "../status";

const outcome = (s: SessionListItem) => {
  if (isOpen(s.status)) return "open";
  if (s.status !== "completed") return STATUS_LABEL[s.status].toLowerCase();
  const versions = s.proposals.map((p) => (p.resultingVersion ? `v${p.resultingVersion.number}` : null)).filter(Boolean);
  return versions.length ? `→ ${versions.join(", ")}` : "completed";
};

/** Past and open sessions of the template, newest first; each opens its transcript. */
export function SessionList({ slug, templateId, sessions, currentId }: { slug: string; templateId: string; sessions: SessionListItem[]; currentId: string | null }) {
  return (
    <Card>
      <h2 className="border-b border-zinc-100 px-4 py-3 text-sm font-semibold text-zinc-900">Sessions</h2>
      {sessions.length === 0 ? (
        <p className="px-4 py-3 text-sm text-zinc-500">None yet.</p>
      ) : (
        <ol className="divide-y divide-zinc-100 text-sm" data-testid="session-list">
          {sessions.map((s) => (
            <li key={s.id}>
              <Link
                href={`/w/${slug}/templates/${templateId}/one-on-one?session=${s.id}`}
                className={cn("flex items-center justify-between gap-2 px-4 py-2 hover:bg-zinc-50", s.id === currentId && "bg-brand-50/60")}
                aria-current={s.id === currentId ? "page" : undefined}
              >
                <span>
                  <span className="font-medium text-zinc-900">#{s.sessionNumber}</span>{" "}
                  <span className="text-zinc-500">
                    {formatDate(s.createdAt)}
                    {s.origin === "ritual" ? " · ritual" : ""}
                  </span>
                </span>
                <span className="text-xs text-zinc-500">
                  {outcome(s)}
                  {s.userRating != null ? ` · ${s.userRating.toFixed(2)}` : ""}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
