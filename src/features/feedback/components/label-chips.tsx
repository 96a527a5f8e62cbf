"use client";
import { Check } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ErrorText } from "@/components/ui/form";
import { cn } from "@/lib/cn";
import { useAction } from "@/lib/use-action";
import { correctFeedbackLabelsAction } from "../actions/correct-feedback-labels";
import { confidenceLabel, type LabelledItem } from "../labels";
import { FEEDBACK_CATEGORIES, SENTIMENTS, type FeedbackCategory, type Sentiment } from "../rules";
import { enumWordsLower } from "@/lib/words";

export const SENTIMENT_TONE: Record<Sentiment, string> = {
  positive: "bg-emerald-50 text-emerald-700 border-emerald-200",
  negative: "bg-red-50 text-red-700 border-red-200",
  neutral: "bg-zinc-100 text-zinc-700 border-zinc-200",
};
const chip = "h-6 cursor-pointer rounded-md border px-1.5 text-xs font-medium capitalize focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-wait";

type ItemLabels = Pick<LabelledItem, "id" | "sentiment" | "category" | "confidence" | "classifiedBy">;

/**
 * A written feedback item's sentiment, category and confidence, changed in place: each label is a
 * select (one click, or Tab and the arrow keys), a model label has "Right" to confirm it. Every
 * change is a correction stored with who and when (correctFeedbackLabelsAction); the page then
 * refreshes, so counts and patterns move at once. Read-only for viewers.
 */
type Props = { workspaceSlug: string; item: ItemLabels; canEdit: boolean; context?: string };

export function LabelChips(props: Props) {
  // A new label from the server (the refreshed page) starts the chips afresh.
  const { id, sentiment, category, classifiedBy } = props.item;
  return <Chips key={`${id}:${sentiment}:${category}:${classifiedBy}`} {...props} />;
}

function Chips({ workspaceSlug, item, canEdit, context }: Props) {
  const router = useRouter();
  const { run, pending, error } = useAction(correctFeedbackLabelsAction);
  // Shown at once; the refreshed page confirms it.
  const [shown, setShown] = useState(item);
  const label = context ? ` of ${context}` : "";
  const save = (change: { sentiment?: Sentiment; category?: FeedbackCategory }) => {
    const previous = shown;
    setShown({ ...shown, ...change, classifiedBy: "person", confidence: 1 });
    void run({ workspaceSlug, corrections: [{ itemId: item.id, ...change }] }, () => router.refresh()).then((r) => {
      if (!r.ok) setShown(previous);
    });
  };
  if (!canEdit) {
    return (
      <span className="inline-flex flex-wrap items-center gap-1.5" data-testid="label-chips">
        <span className={cn(chip, "cursor-default", SENTIMENT_TONE[shown.sentiment])} data-testid="label-sentiment">{enumWordsLower("Sentiment", shown.sentiment)}</span>
        <span className={cn(chip, "cursor-default border-zinc-200 bg-white text-zinc-700")} data-testid="label-category">{enumWordsLower("FeedbackCategory", shown.category)}</span>
        <span className="text-[11px] text-zinc-500">{confidenceLabel(shown)}</span>
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" data-testid="label-chips" data-item-id={item.id}>
      <select
        aria-label={`Sentiment${label}`}
        className={cn(chip, SENTIMENT_TONE[shown.sentiment])}
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
        className={cn(chip, "border-zinc-200 bg-white text-zinc-700")}
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
        <button type="button" className={cn(chip, "inline-flex items-center gap-1 border-zinc-200 bg-white text-zinc-600 normal-case hover:bg-zinc-50")} disabled={pending} onClick={() => save({})} aria-label={`Labels${label} are right`}>
          <Check className="h-3 w-3" aria-hidden /> Right
        </button>
      ) : null}
      <ErrorText as="span" className="text-xs" message={error?.message} />
    </span>
  );
}
