"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { correctFeedbackLabelsAction } from "../actions/correct-feedback-labels";
import type { LabelledItem } from "../labels";
import { FEEDBACK_CATEGORIES, SENTIMENTS, type FeedbackCategory, type Sentiment } from "../rules";
import { sourceLabel } from "../source-kind";
import { LabelChips } from "./label-chips";

/**
 * What people wrote, newest first, each with its labels in place (LabelChips); members select
 * several and set a sentiment and/or category for all of them in one correction.
 */
export function WrittenFeedbackList({ workspaceSlug, items, canEdit }: { workspaceSlug: string; items: LabelledItem[]; canEdit: boolean }) {
  const router = useRouter();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [sentiment, setSentiment] = useState<Sentiment | "">("");
  const [category, setCategory] = useState<FeedbackCategory | "">("");
  const { run, pending, error } = useAction(correctFeedbackLabelsAction);
  const toggle = (id: string) => setSelected((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  const apply = () =>
    void run(
      { workspaceSlug, corrections: [...selected].map((itemId) => ({ itemId, ...(sentiment ? { sentiment } : {}), ...(category ? { category } : {}) })) },
      () => {
        setSelected(new Set());
        router.refresh();
      },
    );
  if (!items.length) return <p className="text-sm text-zinc-500">Nothing written in this window yet.</p>;
  return (
    <div data-testid="written-feedback">
      {canEdit ? (
        <div className="mb-3 flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Label the selected items">
          <span className="text-zinc-600" data-testid="written-selected">{selected.size} selected</span>
          <select aria-label="Sentiment for the selected items" className="h-8 rounded-lg border border-zinc-300 px-2 text-sm" value={sentiment} onChange={(e) => setSentiment(e.target.value as Sentiment | "")}>
            <option value="">Sentiment…</option>
            {SENTIMENTS.map((s) => (
              <option key={s} value={s}>{s}</option>
            ))}
          </select>
          <select aria-label="Category for the selected items" className="h-8 rounded-lg border border-zinc-300 px-2 text-sm" value={category} onChange={(e) => setCategory(e.target.value as FeedbackCategory | "")}>
            <option value="">Category…</option>
            {FEEDBACK_CATEGORIES.map((c) => (
              <option key={c} value={c}>{c}</option>
            ))}
          </select>
          <Button size="sm" variant="secondary" disabled={pending || !selected.size || (!sentiment && !category)} onClick={apply}>
            {pending ? "Saving…" : "Apply to selected"}
          </Button>
          <ErrorText as="span" message={error?.message} />
        </div>
      ) : null}
      <ul className="divide-y divide-zinc-100">
        {items.map((item) => (
          <li key={item.id} className="flex items-start gap-3 py-2.5 text-sm" data-testid="written-item" data-item-id={item.id}>
            {canEdit ? <input type="checkbox" className="mt-1" aria-label={`Select “${item.detail.slice(0, 60)}”`} checked={selected.has(item.id)} onChange={() => toggle(item.id)} /> : null}
            <div className="min-w-0 flex-1">
              <p className="text-zinc-800">“{item.detail}”</p>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-zinc-500">
                <LabelChips workspaceSlug={workspaceSlug} item={item} canEdit={canEdit} context={`“${item.detail.slice(0, 40)}”`} />
                <span>{sourceLabel(item.sourceType)}</span>
                {item.agentId ? (
                  <Link href={`/w/${workspaceSlug}/agents/${item.agentId}`} className="font-medium text-brand-700 hover:underline">agent</Link>
                ) : null}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
