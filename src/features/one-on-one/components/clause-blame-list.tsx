"use client";
import { Undo2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/form";
import { formatDate } from "@/lib/format";
import { useAction } from "@/lib/use-action";
import { revertClauseAction } from "../actions/revert-clause";
import { ORPHAN_DAYS } from "../orphan";
import type { ClauseOrigin } from "../server";

// Each line of the active directives with why it is there — focus or hover a line to read it —
// and, for people who may chat with the improver, a one-line revert proposed in the one-on-one.

const pts = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(Math.round(x * 100))}`;

function why(c: ClauseOrigin): string {
  const who = c.authoredBy === "agent" ? "the improver" : c.authoredBy === "system" ? "the template's creation" : (c.author ?? "a person");
  const from = c.session ? `, from ${c.session.origin === "ritual" ? "ritual" : "one-on-one"} #${c.session.number}` : "";
  const measured = c.probation?.acceptance
    ? ` Probation: acceptance ${pts(c.probation.acceptance.diff)} points (95% CI ${pts(c.probation.acceptance.low)} to ${pts(c.probation.acceptance.high)}), ${c.probation.status.replace("_", " ")}.`
    : c.probation
      ? ` Probation: ${c.probation.status.replace("_", " ")}, not measured yet.`
      : "";
  return `Added in v${c.version} (${formatDate(new Date(c.createdAt))}) by ${who}${from}${c.rationale ? `: “${c.rationale}”` : "."}${measured}`;
}

export function ClauseBlameList({ workspaceSlug, templateId, clauses, canRevert }: { workspaceSlug: string; templateId: string; clauses: ClauseOrigin[]; canRevert: boolean }) {
  const router = useRouter();
  const [reverting, setReverting] = useState<string | null>(null);
  const { run, pending, error } = useAction(revertClauseAction);
  return (
    <details className="group rounded-lg border border-zinc-200" data-testid="clause-blame">
      <summary className="cursor-pointer list-none px-4 py-2.5 text-sm font-medium text-zinc-700 hover:text-zinc-900 [&::-webkit-details-marker]:hidden">Why is each line here?</summary>
      <ol className="divide-y divide-zinc-100 border-t border-zinc-100">
        {clauses.map((c, i) => (
          <li key={`${i}:${c.line}`} className="group/line flex items-start justify-between gap-3 px-4 py-2 text-sm" data-testid="clause" tabIndex={0} title={why(c)}>
            <div className="min-w-0">
              <p className="font-mono text-[13px] text-zinc-800">
                {c.line}
                {c.orphan ? (
                  <span className="ml-2 rounded bg-amber-50 px-1.5 py-0.5 font-sans text-[11px] font-medium text-amber-800" data-testid="orphan" title={`No ${c.category} feedback in ${ORPHAN_DAYS} days: the next ritual asks the improver whether it still earns its place.`}>
                    orphan · no {c.category} feedback in {ORPHAN_DAYS} days
                  </span>
                ) : null}
              </p>
              <p className="mt-0.5 text-xs text-zinc-500">
                {why(c)}
                {c.session ? (
                  <>
                    {" "}
                    <Link className="text-brand-600 hover:underline" href={c.session.origin === "ritual" ? `/w/${workspaceSlug}/rituals/${c.session.id}` : `/w/${workspaceSlug}/templates/${templateId}/one-on-one?session=${c.session.id}`}>
                      Open the session
                    </Link>
                  </>
                ) : null}
              </p>
              {c.evidence.length ? (
                <ul className="mt-1 space-y-0.5 text-xs text-zinc-500" aria-label="Feedback behind it" data-testid="clause-evidence">
                  {c.evidence.map((e) => (
                    <li key={e.itemId}>
                      <span className="text-zinc-400">{e.category}:</span> “{e.detail}”
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            {canRevert && c.revertTo !== null ? (
              <Button
                size="sm"
                variant="ghost"
                disabled={pending}
                aria-label={`Revert “${c.line}”`}
                onClick={() => {
                  setReverting(c.line);
                  void run({ workspaceSlug, templateId, line: c.line }, () => router.push(`/w/${workspaceSlug}/templates/${templateId}/one-on-one`));
                }}
              >
                <Undo2 className="size-4" aria-hidden />
                {pending && reverting === c.line ? "Proposing…" : "Revert"}
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      <ErrorText className="px-4 pb-3 text-sm" message={error?.message} />
    </details>
  );
}
