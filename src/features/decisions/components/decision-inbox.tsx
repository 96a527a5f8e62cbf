"use client";
import Link from "next/link";
import { useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Badge, Notice } from "@/components/ui/card";
import { agentNameBesideTask } from "@/features/agents/names";
import { Input, LimitHint } from "@/components/ui/field";
import { ErrorText } from "@/components/ui/form";
import { TaskStatus, type Verdict } from "@/generated/prisma/enums";
import { useAction } from "@/lib/use-action";
import { TEXT_LIMITS } from "@/lib/text-limits";
import { enumWords, enumWordsLower, toolLabel } from "@/lib/words";
import { decideChangeItemsAction } from "../actions/decide-change-items";

export type InboxItem = {
  id: string;
  tool: string;
  summary: string;
  args: unknown;
  status?: string;
  createdAt: string;
  agent: { id: string; name: string; template: string };
  task: { id: string; title: string } | null;
  lastReason: string | null;
};

const isTaskStatus = (v: unknown): v is TaskStatus => typeof v === "string" && Object.hasOwn(TaskStatus, v);

function ArgsPreview({ tool, args }: { tool: string; args: unknown }) {
  const a = (args ?? {}) as Record<string, unknown>;
  if (tool === "propose_checklist_items" && Array.isArray(a.items)) {
    return (
      <ul className="mt-1 list-disc pl-5 text-zinc-600">
        {a.items.map((t, i) => (
          <li key={i}>{String(t)}</li>
        ))}
      </ul>
    );
  }
  if (tool === "propose_status") return <span className="text-zinc-600">→ {isTaskStatus(a.status) ? enumWords("TaskStatus", a.status) : String(a.status)}</span>;
  if (tool === "propose_estimate") return <span className="text-zinc-600">→ {String(a.minutes)} min</span>;
  return <code className="text-xs text-zinc-500">{JSON.stringify(a)}</code>;
}

/**
 * Confirm / reject (with a reason) / defer change items one by one or, with `bulk`, several at
 * once (the inbox). The task and run pages show the same cards without the bulk bar, so a
 * proposal is decided where the work is, through the same action and rules.
 */
export function DecisionInbox({ workspaceSlug, items, canDecide, empty, bulk = true }: { workspaceSlug: string; items: InboxItem[]; canDecide: boolean; empty: ReactNode; bulk?: boolean }) {
  const [picked, setSelected] = useState<Set<string>>(new Set());
  // Items decided elsewhere (or just now) drop out of the selection when the list refreshes.
  const selected = new Set(items.filter((i) => picked.has(i.id)).map((i) => i.id));
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  const [reason, setReason] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const { run, pending, error, fieldError, reset } = useAction(decideChangeItemsAction);
  // A second click before React re-renders the disabled buttons sends nothing (double clicks are safe).
  const inFlight = useRef(false);

  const decide = (itemIds: string[], verdict: Verdict, why?: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    void run({ workspaceSlug, itemIds, verdict, reason: why }, (r) => {
      setSelected(new Set());
      setRejecting(null);
      setReason("");
      setDone(`${r.decided} ${r.decided === 1 ? "item" : "items"} ${enumWordsLower("Verdict", verdict)}${r.applied ? ` · ${r.applied} applied to tasks` : ""}.`);
    }).finally(() => {
      inFlight.current = false;
    });
  };

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const allSelected = items.length > 0 && selected.size === items.length;
  const rejectForm = rejecting ? (
    <form
      aria-label="Reject with a reason"
      className="mt-3 space-y-3 rounded-lg border border-red-200 bg-red-50/50 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        decide(rejecting, "rejected", reason);
      }}
    >
      <label htmlFor="reject-reason" className="block text-sm font-medium text-zinc-800">
        Why reject {rejecting.length === 1 ? "this proposal" : `${rejecting.length} proposals`}? The improver learns from your reason.
      </label>
      <Input id="reject-reason" autoFocus limit={TEXT_LIMITS.decisionReason} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="The estimate ignores the review step" />
      {fieldError("reason") ? <ErrorText message={fieldError("reason")} /> : <LimitHint limit={TEXT_LIMITS.decisionReason} />}
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="danger" disabled={pending}>
          Reject
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setRejecting(null)}>
          Cancel
        </Button>
      </div>
    </form>
  ) : null;
  return (
    <div>
      {bulk && canDecide && items.length > 0 ? (
        <div className="sticky top-0 z-10 flex flex-wrap items-center gap-3 border-b border-zinc-100 bg-white/95 px-5 py-3 text-sm backdrop-blur">
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((i) => i.id)))} className="accent-brand-600" />
            Select all
          </label>
          <span className="text-zinc-500">{selected.size} selected</span>
          <div className="ml-auto flex flex-wrap gap-2">
            <Button size="sm" disabled={!selected.size || pending} onClick={() => decide([...selected], "confirmed")}>
              Confirm selected
            </Button>
            <Button size="sm" variant="danger" disabled={!selected.size || pending} onClick={() => { reset(); setRejecting([...selected]); }}>
              Reject selected…
            </Button>
            <Button size="sm" variant="secondary" disabled={!selected.size || pending} onClick={() => decide([...selected], "deferred")}>
              Defer selected
            </Button>
          </div>
        </div>
      ) : null}
      {done ? <div className="px-5 pt-4"><Notice tone="success">{done}</Notice></div> : null}
      {error && !error.fieldErrors?.reason ? <div className="px-5 pt-4"><Notice tone="error">{error.message}</Notice></div> : null}
      {rejecting && rejecting.length > 1 ? <div className="px-5">{rejectForm}</div> : null}
      {items.length === 0 ? <div className="p-5">{empty}</div> : null}
      <ul className="divide-y divide-zinc-100">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap gap-3 px-5 py-4 text-sm" data-testid="inbox-item">
            {bulk && canDecide ? (
              <input type="checkbox" aria-label={`Select: ${item.summary}`} checked={selected.has(item.id)} onChange={() => toggle(item.id)} className="mt-1 accent-brand-600" />
            ) : null}
            {/* Beside its buttons on a wide screen; on a phone the buttons wrap below it. */}
            <div className="min-w-0 flex-1 basis-60">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone="brand">{toolLabel(item.tool)}</Badge>
                {!bulk && item.status === "deferred" ? <Badge tone="amber">deferred</Badge> : null}
                <span className="font-medium text-zinc-900">{item.summary}</span>
              </div>
              <ArgsPreview tool={item.tool} args={item.args} />
              <p className="mt-1 text-xs text-zinc-500">
                <Link className="hover:underline" href={`/w/${workspaceSlug}/agents/${item.agent.id}`}>
                  {agentNameBesideTask({ agentId: item.agent.id, displayName: item.agent.name, taskTitle: item.task?.title ?? null })}
                </Link>{" "}
                · {item.agent.template}
                {item.task ? (
                  <>
                    {" · "}
                    <Link className="hover:underline" href={`/w/${workspaceSlug}/tasks/${item.task.id}`}>{item.task.title}</Link>
                  </>
                ) : null}
                {" · "}
                {new Date(item.createdAt).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })}
                {item.lastReason ? ` · deferred: “${item.lastReason}”` : null}
              </p>
              {rejecting?.length === 1 && rejecting[0] === item.id ? rejectForm : null}
            </div>
            {canDecide ? (
              <div className="flex shrink-0 items-start gap-1.5">
                <Button size="sm" disabled={pending} onClick={() => decide([item.id], "confirmed")}>
                  Confirm
                </Button>
                <Button size="sm" variant="danger" disabled={pending} onClick={() => { reset(); setRejecting([item.id]); }}>
                  Reject
                </Button>
                <Button size="sm" variant="ghost" disabled={pending} onClick={() => decide([item.id], "deferred")}>
                  Defer
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
