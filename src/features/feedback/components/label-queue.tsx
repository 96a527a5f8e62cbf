"use client";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { ErrorText } from "@/components/ui/form";
import { cn } from "@/lib/cn";
import { CATEGORY_KEYS, confidenceLabel, SENTIMENT_KEYS, type QueueItem } from "../labels";
import type { FeedbackCategory, Sentiment } from "../rules";
import type { CorrectFeedbackLabelsInput } from "../schemas";
import { sourceLabel } from "../source-kind";
import { LabelChips } from "./label-chips";

type Done = { sentiment: Sentiment; category: FeedbackCategory; confirmed: boolean; saved: boolean; identical: number };

/**
 * "Check labels": the items the classifier is least sure of, one selected at a time. Keys: j / k
 * next / previous, 1–3 sentiment, a letter for the category, Enter (or y) keeps both labels — each
 * a correction (a confirmation too), after which the next item is selected. Every control is also
 * a button or select (LabelChips), for the mouse and for Tab. A text is listed once: "×12" says how
 * many items wait with it, and a label set on it is set on all of them.
 */
export function LabelQueue({ workspaceSlug, items, canEdit }: { workspaceSlug: string; items: QueueItem[]; canEdit: boolean }) {
  const router = useRouter();
  const [index, setIndex] = useState(0);
  const [done, setDone] = useState<Record<string, Done>>({});
  const [error, setError] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);

  const save = useCallback(
    (item: QueueItem, change: { sentiment?: Sentiment; category?: FeedbackCategory }) => {
      const previous = done[item.id] ?? { sentiment: item.sentiment, category: item.category, identical: 0 };
      const next = { sentiment: change.sentiment ?? previous.sentiment, category: change.category ?? previous.category };
      const confirmed = !change.sentiment && !change.category;
      setDone((d) => ({ ...d, [item.id]: { ...next, confirmed, saved: false, identical: previous.identical } }));
      // A plain request per key (the route, not a server action): Next runs server actions one at a
      // time through the router, and a save queued there behind a page transition never answered.
      // The entry stands for its identical items (`identical`: the server labels them alike, on a
      // second key too — the category after the sentiment).
      void saveLabels(workspaceSlug, { corrections: [{ itemId: item.id, ...change }], identical: item.identical > 0 }).then((r) => {
        setError(r.ok ? null : r.error.message);
        if (r.ok) setDone((d) => (d[item.id] ? { ...d, [item.id]: { ...d[item.id], saved: true, identical: Math.max(d[item.id].identical, r.identical) } } : d));
        else
          setDone((d) => {
            const rest = { ...d };
            delete rest[item.id];
            return rest;
          });
      });
      // A sentiment alone leaves the category to set: the next item only after a category or Enter.
      if (!change.sentiment || change.category) setIndex((i) => Math.min(i + 1, items.length - 1));
    },
    [done, items.length, workspaceSlug],
  );

  useEffect(() => {
    if (!canEdit) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.metaKey || e.ctrlKey || e.altKey || (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName))) return;
      const item = items[index];
      const key = e.key.toLowerCase();
      if (key === "j") setIndex((i) => Math.min(i + 1, items.length - 1));
      else if (key === "k") setIndex((i) => Math.max(i - 1, 0));
      else if (!item) return;
      else if (key in SENTIMENT_KEYS) save(item, { sentiment: SENTIMENT_KEYS[key as keyof typeof SENTIMENT_KEYS] });
      else if (key in CATEGORY_KEYS) save(item, { category: CATEGORY_KEYS[key as keyof typeof CATEGORY_KEYS] });
      else if ((key === "enter" && target?.tagName !== "BUTTON" && target?.tagName !== "A") || key === "y") save(item, {});
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [canEdit, index, items, save]);

  useEffect(() => {
    list.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.scrollIntoView?.({ block: "nearest" });
  }, [index]);

  const left = items.filter((i) => !done[i.id]).length;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-600" role="status" data-testid="queue-left">
          {left === 0 ? "All checked on this page." : `${left} on this page to check.`}{" "}
          {Object.keys(done).length ? (
            <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => router.refresh()}>
              Load the next ones
            </button>
          ) : null}
        </p>
        {canEdit ? <KeyLegend /> : null}
      </div>
      <ErrorText message={error} />
      <ol ref={list} className="space-y-2" data-testid="label-queue">
        {items.map((item, i) => {
          const d = done[item.id];
          const shown = d ? { ...item, sentiment: d.sentiment, category: d.category, classifiedBy: "person" as const, confidence: 1 } : item;
          return (
            <li
              key={item.id}
              data-index={i}
              data-item-id={item.id}
              data-testid="queue-item"
              aria-current={i === index ? "true" : undefined}
              onClick={() => setIndex(i)}
              className={cn("rounded-lg border p-3 text-sm", i === index ? "border-brand-400 ring-2 ring-brand-100" : "border-zinc-200", d && "bg-zinc-50")}
            >
              <p className="text-zinc-800">
                “{item.detail}”
                {item.identical ? (
                  <span className="ml-2 whitespace-nowrap rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-medium text-zinc-600" data-testid="queue-item-identical" title="The same text from the same source, labelled alike: your label applies to all of them.">
                    ×{item.identicalCapped ? `${item.identical.toLocaleString("en")}+` : (item.identical + 1).toLocaleString("en")}
                  </span>
                ) : null}
              </p>
              <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs text-zinc-500">
                <span>{sourceLabel(item.sourceType)}</span>
                {item.templateName ? <span>· {item.templateName}</span> : null}
                {/* The chips say how sure the model is; once labelled, this keeps what it was. */}
                {d?.saved ? <span>· was {Math.round(item.confidence * 100)}% sure</span> : null}
                <LabelChips workspaceSlug={workspaceSlug} item={shown} canEdit={canEdit} identical={item.identical > 0} context={`“${item.detail.slice(0, 40)}”`} />
                {d ? (
                  <span className="font-medium text-emerald-700" data-testid="queue-item-state">
                    {d.saved ? `${d.confirmed ? "confirmed" : "corrected"} · ${confidenceLabel(shown)}${d.identical ? ` · with ${d.identical.toLocaleString("en")} identical ${d.identical === 1 ? "item" : "items"}` : ""}` : "saving…"}
                  </span>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

type SaveResult = { ok: true; identical: number } | { ok: false; error: { message: string } };

async function saveLabels(workspaceSlug: string, body: CorrectFeedbackLabelsInput): Promise<SaveResult> {
  try {
    const res = await fetch(`/api/workspaces/${encodeURIComponent(workspaceSlug)}/feedback/labels`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (res.ok) return { ok: true, identical: ((await res.json().catch(() => null)) as { identical?: number } | null)?.identical ?? 0 };
    const answer = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    return { ok: false, error: { message: answer?.error?.message ?? "The label was not saved." } };
  } catch {
    return { ok: false, error: { message: "Could not reach the server. Check your connection and try again." } };
  }
}

function KeyLegend() {
  const keys: [string, string][] = [
    ["j / k", "next / previous"],
    ...Object.entries(SENTIMENT_KEYS),
    ...Object.entries(CATEGORY_KEYS),
    ["Enter", "labels are right"],
  ];
  return (
    <dl className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-500" aria-label="Keys" data-testid="key-legend">
      {keys.map(([key, what]) => (
        <div key={key} className="flex items-center gap-1">
          <dt>
            <kbd className="rounded border border-zinc-300 bg-white px-1 font-mono text-[11px] text-zinc-700">{key}</kbd>
          </dt>
          <dd>{what}</dd>
        </div>
      ))}
    </dl>
  );
}
