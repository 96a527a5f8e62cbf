"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ErrorText } from "@/components/ui/form";
import { useAction } from "@/lib/use-action";
import { correctFeedbackLabelsAction } from "../actions/correct-feedback-labels";
import { confidenceLabel, type ChipLabels } from "../labels";
import { FEEDBACK_CATEGORIES, SENTIMENTS, type FeedbackCategory, type Sentiment } from "../rules";
import { enumWordsLower } from "@/lib/words";

// The chip classes live in globals.css (.label-chip…): a page shows dozens of chips.
const TONE: Record<Sentiment, string> = { positive: "label-chip label-chip-positive", negative: "label-chip label-chip-negative", neutral: "label-chip label-chip-neutral" };


/**
 * A written feedback item's sentiment, category and confidence, changed in place: each label is a
 * select (one click, or Tab and the arrow keys), a model label has "Right" to confirm it. Every
 * change is a correction stored with who and when (correctFeedbackLabelsAction); the page then
 * refreshes, so counts and patterns move at once. Read-only for viewers.
 */
type Props = { workspaceSlug: string; item: ChipLabels; canEdit: boolean; context?: string; /** Label the identical items too ("Check labels": one entry per text). */ identical?: boolean };

export function LabelChips(props: Props) {
  // A new label from the server (the refreshed page) starts the chips afresh.
  const { id, sentiment, category, classifiedBy } = props.item;
  return <Chips key={`${id}:${sentiment}:${category}:${classifiedBy}`} {...props} />;
}

function Chips({ workspaceSlug, item, canEdit, context, identical }: Props) {
  const router = useRouter();
  const { run, pending, error } = useAction(correctFeedbackLabelsAction);
  // Shown at once; the refreshed page confirms it.
  const [shown, setShown] = useState(item);
  const label = context ? ` of ${context}` : "";
  const save = (change: { sentiment?: Sentiment; category?: FeedbackCategory }) => {
    const previous = shown;
    setShown({ ...shown, ...change, classifiedBy: "person", confidence: 1 });
    void run({ workspaceSlug, corrections: [{ itemId: item.id, ...change }], ...(identical ? { identical } : {}) }, () => router.refresh()).then((r) => {
      if (!r.ok) setShown(previous);
    });
  };
  if (!canEdit) {
    return (
      <span className="inline-flex flex-wrap items-center gap-1.5" data-testid="label-chips">
        <span className={`${TONE[shown.sentiment]} cursor-default`} data-testid="label-sentiment">{enumWordsLower("Sentiment", shown.sentiment)}</span>
        <span className="label-chip label-chip-plain cursor-default" data-testid="label-category">{enumWordsLower("FeedbackCategory", shown.category)}</span>
        <span className="text-[11px] text-zinc-500">{confidenceLabel(shown)}</span>
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" data-testid="label-chips" data-item-id={item.id}>
      <select
        aria-label={`Sentiment${label}`}
        className={TONE[shown.sentiment]}
        value={shown.sentiment}
        disabled={pending}
        onChange={(e) => save({ sentiment: e.target.value as Sentiment })}
        data-testid="label-sentiment"
      >
        {SENTIMENTS.map((s) => (
          <option key={s} value={s}>{enumWordsLower("Sentiment", s)}</option>
        ))}
      </select>
      <select
        aria-label={`Category${label}`}
        className="label-chip label-chip-plain"
        value={shown.category}
        disabled={pending}
        onChange={(e) => save({ category: e.target.value as FeedbackCategory })}
        data-testid="label-category"
      >
        {FEEDBACK_CATEGORIES.map((c) => (
          <option key={c} value={c}>{enumWordsLower("FeedbackCategory", c)}</option>
        ))}
      </select>
      <span className="text-[11px] text-zinc-500" data-testid="label-confidence">{confidenceLabel(shown)}</span>
      {shown.classifiedBy === "model" ? (
        <button type="button" className="label-chip label-chip-plain normal-case hover:bg-zinc-50" disabled={pending} onClick={() => save({})} aria-label={`Labels${label} are right`}>
          <span aria-hidden>✓</span> Right
        </button>
      ) : null}
      <ErrorText as="span" className="text-xs" message={error?.message} />
    </span>
  );
}
