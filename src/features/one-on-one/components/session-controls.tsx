"use client";
import { MessagesSquare } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/form";
import { RatingRange } from "@/features/agents/components/rating-slider";
import { useAction } from "@/lib/use-action";
import { abandonSessionAction } from "../actions/abandon-session";
import { finishSessionAction } from "../actions/finish-session";
import { startSessionAction } from "../actions/start-session";

/** Opens (or resumes) the one-on-one; the page then shows the chat, which asks for the opening. */
export function StartSessionButton({ workspaceSlug, templateId }: { workspaceSlug: string; templateId: string }) {
  const router = useRouter();
  const { run, pending, error } = useAction(startSessionAction);
  return (
    <div className="space-y-2">
      <Button onClick={() => void run({ workspaceSlug, templateId }, () => router.refresh())} disabled={pending}>
        <MessagesSquare className="size-4" aria-hidden />
        {pending ? "Classifying new feedback…" : "Start a one-on-one"}
      </Button>
      <ErrorText message={error?.message} />
    </div>
  );
}

/** Abandon (no version) or, after "approve & keep talking", finish with a rating. */
export function SessionControls({ workspaceSlug, sessionId, approved }: { workspaceSlug: string; sessionId: string; approved: number }) {
  const router = useRouter();
  const [mode, setMode] = useState<"idle" | "abandon" | "finish">("idle");
  const [rating, setRating] = useState(0.75);
  const abandon = useAction(abandonSessionAction);
  const finish = useAction(finishSessionAction);
  const error = abandon.error ?? finish.error;
  // Both confirmations: the question, the confirming button, Cancel, and the error of either action.
  const confirmGroup = (label: string, question: ReactNode, confirm: ReactNode) => (
    <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label={label}>
      {question}
      {confirm}
      <Button size="sm" variant="ghost" onClick={() => setMode("idle")}>
        Cancel
      </Button>
      <ErrorText as="span" className="" message={error?.message} />
    </div>
  );
  if (mode === "abandon") {
    return confirmGroup(
      "Confirm abandon",
      <span className="text-zinc-600">{approved ? "End the session here? Approved versions stay." : "End without a new version?"}</span>,
      <Button size="sm" variant="danger" disabled={abandon.pending} onClick={() => void abandon.run({ workspaceSlug, sessionId }, () => router.refresh())}>
        {abandon.pending ? "Ending…" : "Abandon session"}
      </Button>,
    );
  }
  if (mode === "finish") {
    return confirmGroup(
      "Finish session",
      <>
        <label htmlFor="session-rating" className="text-zinc-700">
          Rate this session
        </label>
        <RatingRange id="session-rating" value={rating} onChange={setRating} className="w-32" />
        <span className="font-mono text-xs">{rating.toFixed(2)}</span>
      </>,
      <Button size="sm" disabled={finish.pending} onClick={() => void finish.run({ workspaceSlug, sessionId, rating }, () => router.refresh())}>
        {finish.pending ? "Finishing…" : "Finish session"}
      </Button>,
    );
  }
  return (
    <div className="flex gap-2">
      {approved > 0 ? (
        <Button size="sm" variant="secondary" onClick={() => setMode("finish")}>
          Finish session
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={() => setMode("abandon")}>
        Abandon
      </Button>
    </div>
  );
}
