"use client";
import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { Bot, NotebookPen, Pencil, RotateCcw, Search, Send, Sparkles, Square } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import Markdown from "react-markdown";
import { OPENING_REQUEST, rejectionMessage } from "@/ai/prompts/improver-constants";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { TEXT_LIMITS } from "@/lib/text-limits";
import type { ChatMetadata, ImproverUIMessage } from "../server/chat";
import { ProposalCard, type ProposalCardData } from "./proposal-card";
import { settleUnfinishedParts } from "../unfinished-parts";
import { isUndecided, withoutDecisionHint } from "../decision-hint";
import { enumWordsLower } from "@/lib/words";
import { shouldResume } from "../resume";
import { CharacterCount } from "@/components/ui/character-count";

// The streaming one-on-one (AI SDK UI). Only the newest user message is sent; the server owns the
// transcript and the context. Proposal cards take their state from the server (props refresh
// after every answer and decision) and fall back to the tool call while it streams.

type Props = {
  /** The viewer: their own messages read "You", live and after a reload. */
  currentUserId: string;
  workspaceSlug: string;
  templateId: string;
  sessionId: string;
  initialMessages: ImproverUIMessage[];
  proposals: ProposalCardData[];
  head: { number: number; directives: string };
  /** The session is open (not completed or abandoned). */
  open: boolean;
  canChat: boolean;
  canDecide: boolean;
  /** First questions to ask, drawn on the server from the session's feedback (suggestions.ts); shown until a person writes. */
  suggestions?: string[];
};

type Part = ImproverUIMessage["parts"][number];

/** Route errors come back as JSON bodies; show their message, not the raw text. */
function readableError(error: Error): string {
  try {
    const parsed = JSON.parse(error.message) as { error?: { message?: string } };
    return parsed.error?.message ?? error.message;
  } catch {
    return error.message || "Something went wrong. Try again.";
  }
}

/** How long an answer may still be on its way after its message was stored (the improver's time limit, and a margin). */
const ANSWER_WAIT_MS = 150_000;

export function OneOnOneChat({ currentUserId, workspaceSlug, templateId, sessionId, initialMessages, proposals, head, open, canChat, canDecide, suggestions = [] }: Props) {
  const router = useRouter();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const bottomRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState("");
  /** "Edit": the person's newest message being rewritten (its stored id and the new text). */
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const chatApi = `/api/workspaces/${workspaceSlug}/templates/${templateId}/one-on-one`;
  const transport = useMemo(
    () =>
      new DefaultChatTransport<ImproverUIMessage>({
        api: chatApi,
        prepareSendMessagesRequest: ({ messages, trigger, messageId }) => {
          const last = messages.at(-1)!;
          // Only what the person wrote: a stored message read back also carries its author and time.
          const metadata = last.metadata ? { kind: last.metadata.kind, proposalId: last.metadata.proposalId } : undefined;
          const message = { id: last.id, role: "user", parts: last.parts.filter((p) => p.type === "text"), metadata };
          // Regenerate names the answer it replaces; "Try again" after a failure has none to replace;
          // an edit names the message whose text it replaces (sendMessage with a messageId).
          const names = !messageId ? {} : trigger === "regenerate-message" ? { replaces: messageId } : { edits: messageId };
          return { body: { sessionId, message, ...names } };
        },
        // Resume (a page loaded while an answer is written): the route's GET replays it and follows it live, or 204.
        prepareReconnectToStreamRequest: () => ({ api: `${chatApi}?sessionId=${encodeURIComponent(sessionId)}` }),
      }),
    [chatApi, sessionId],
  );
  const { messages, sendMessage, status, error, stop, clearError, regenerate, setMessages, resumeStream } = useChat<ImproverUIMessage>({
    id: sessionId,
    messages: initialMessages,
    transport,
    onFinish: () => router.refresh(),
    // A broken answer: its unfinished steps are dropped here too (as the server stores it),
    // never "Drafting a proposal…" forever; a refresh brings what the server recorded.
    onError: () => {
      setMessages((current) => current.map((m) => (m.role === "assistant" ? { ...m, parts: settleUnfinishedParts(m.parts) } : m)));
      router.refresh();
    },
  });
  const busy = status === "submitted" || status === "streaming";
  const writable = open && canChat;

  // The page was (re)loaded while an answer was still being written (this tab reloaded, or another
  // member's turn): say so, and refresh until it is stored; past the improver's time limit it is
  // not coming — offer "Try again".
  const [now, setNow] = useState(() => Date.now());
  const lastSent = messages.at(-1)?.role === "user" && status === "ready" && !error ? messages.at(-1)?.metadata?.sentAt : undefined;
  const awaited = lastSent ? now - Date.parse(lastSent) < ANSWER_WAIT_MS : false;
  useEffect(() => {
    if (!lastSent) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      router.refresh();
    }, 2_000);
    return () => clearInterval(timer);
  }, [lastSent, router]);
  // Set by a send until its request has begun: a refresh landing in between must not put back the
  // stored messages over the one just sent (a suggestion clicked right after an answer was lost so).
  const sending = useRef(false);
  useEffect(() => {
    if (status !== "ready") sending.current = false;
  }, [status]);
  useEffect(() => {
    // A refresh brought the stored answer: show it (useChat keeps its own copy of the messages). It
    // also brings the stored ids of the messages written here (Edit and Regenerate name them).
    if (status !== "ready" || error || sending.current) return;
    if (initialMessages.length > messages.length || (initialMessages.length === messages.length && initialMessages.some((m, i) => m.id !== messages[i]?.id))) setMessages(initialMessages);
  }, [initialMessages, messages, status, error, setMessages]);

  // A page (re)loaded while the answer is being written follows it: the route replays what was
  // written and streams the rest (204 when it is written elsewhere: the polling above takes over).
  // Only while nothing is being answered here (shouldResume).
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !shouldResume({ open, status, stored: initialMessages, shown: messages })) return;
    resumed.current = true;
    void resumeStream();
  }, [open, initialMessages, messages, status, resumeStream]);

  // A fresh session opens with the improver's summary, asked for once by the page that shows it.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !writable || initialMessages.length > 0) return;
    opened.current = true;
    void sendMessage({ text: OPENING_REQUEST, metadata: { kind: "opening" } });
  }, [writable, initialMessages.length, sendMessage]);

  // Follow the conversation as it grows, but open a session at its top (its summary), not its end.
  const seen = useRef(initialMessages.length);
  useEffect(() => {
    if (messages.length === seen.current && status === "ready") return;
    seen.current = messages.length;
    bottomRef.current?.scrollIntoView({ block: "end", behavior: "smooth" });
  }, [messages, status]);

  const byId = new Map(proposals.map((p) => [p.id, p]));
  const storedIds = new Set(initialMessages.map((m) => m.id));
  // The person's newest message can be edited while its answer could be regenerated (same rule), once stored.
  const editable = writable && status === "ready" && !error ? editableMessage(messages, byId, currentUserId) : null;
  const editableId = editable && storedIds.has(editable.id) ? editable.id : null;
  const startEditing = () => {
    const m = editableId ? messages.find((x) => x.id === editableId) : undefined;
    if (m) setEditing({ id: m.id, text: textOf(m) });
  };
  const saveEdit = () => {
    const text = editing?.text.trim();
    if (!editing || !text || busy) return;
    setEditing(null);
    clearError();
    void sendMessage({ text, messageId: editing.id });
  };
  const stopAnswer = () => {
    void stop();
    // The server finishes answers on its own (a closed tab loses nothing): Stop tells it to cut this
    // one, and answers once the cut answer is stored — read it back (marked stopped, with its stored id).
    void fetch(chatApi, { method: "DELETE", headers: { "content-type": "application/json" }, body: JSON.stringify({ sessionId }) })
      .then(() => router.refresh())
      .catch(() => undefined);
  };
  // Escape stops the answer being written, wherever the focus is.
  useEffect(() => {
    if (!busy || !writable) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) stopAnswer();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });
  // Nobody has written yet (only the opening and its answer): suggest first questions.
  // Once what is shown is what is stored (the refresh after the opening landed), so a click is never raced by it.
  const showSuggestions =
    writable && status === "ready" && !error && !editing && suggestions.length > 0 && messages.length > 0 && messages.every((m) => (m.role === "assistant" || m.metadata?.kind === "opening") && storedIds.has(m.id));
  const send = (text: string, metadata?: ChatMetadata) => {
    clearError();
    sending.current = true;
    void sendMessage({ text, metadata });
  };
  const submit = () => {
    const text = draft.trim();
    if (!text || busy) return;
    setDraft("");
    send(text);
  };

  return (
    <div className="flex min-h-[28rem] flex-col">
      <ol className="flex-1 space-y-4 p-4" aria-label="Conversation" aria-live="polite" aria-busy={busy}>
        {messages.map((m) => (
          <Message
            key={m.id}
            message={m}
            currentUserId={currentUserId}
            editing={editing?.id === m.id ? { text: editing.text, onChange: (text) => setEditing({ id: m.id, text }), onSave: saveEdit, onCancel: () => setEditing(null) } : null}
            onEdit={!editing && editableId === m.id ? startEditing : undefined}
            render={(part, key) => (
              <PartView
                key={key}
                part={part}
                decided={allDecided(m, byId)}
                proposalFor={(id, fallback) => byId.get(id) ?? fallback}
                head={head}
                card={(p) => (
                  <ProposalCard
                    workspaceSlug={workspaceSlug}
                    templateId={templateId}
                    proposal={p}
                    canDecide={open && canDecide}
                    onRejected={(proposalId, reason) => send(rejectionMessage(reason), { kind: "rejection", proposalId })}
                    onKeepTalking={() => inputRef.current?.focus()}
                    onDecided={(finished) => (finished ? router.replace(`?session=${sessionId}`) : router.refresh())}
                  />
                )}
              />
            )}
          />
        ))}
        {writable && status === "ready" && !error && storedIds.has(messages.at(-1)?.id ?? "") && regenerable(messages, byId) ? (
          <li className="-mt-2 pl-10">
            <Button size="sm" variant="ghost" onClick={() => void regenerate({ messageId: messages.at(-1)!.id })} title="Take this answer back (and its undecided proposal and notes) and ask again">
              <RotateCcw className="size-3.5" aria-hidden /> Regenerate
            </Button>
          </li>
        ) : null}
        {showSuggestions ? (
          <li className="pl-10" data-testid="suggested-questions">
            <p className="mb-2 flex items-center gap-1.5 text-xs font-medium text-zinc-500">
              <Sparkles className="size-3.5" aria-hidden /> Suggested from this session&apos;s feedback
            </p>
            <ul className="flex flex-wrap gap-2">
              {suggestions.map((q) => (
                <li key={q}>
                  <button type="button" className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1.5 text-left text-sm text-brand-800 hover:bg-brand-100 focus:outline-none focus:ring-2 focus:ring-brand-500/30" onClick={() => send(q)}>
                    {q}
                  </button>
                </li>
              ))}
            </ul>
          </li>
        ) : null}
        {status === "submitted" ? (
          <li className="flex items-center gap-2 text-sm text-zinc-500" data-testid="improver-thinking">
            <Bot className="size-4 animate-pulse" aria-hidden /> The improver is reading…
          </li>
        ) : null}
        {lastSent && awaited ? (
          <li className="flex items-center gap-2 text-sm text-zinc-500" data-testid="improver-still-answering" role="status">
            <Bot className="size-4 animate-pulse" aria-hidden /> The improver is still answering… it appears here when done.
          </li>
        ) : null}
        {lastSent && !awaited && writable ? (
          <li className="flex flex-wrap items-center gap-2 text-sm text-zinc-600" data-testid="improver-no-answer">
            No answer came for this message.
            <Button size="sm" variant="secondary" onClick={() => void regenerate()}>
              <RotateCcw className="size-3.5" aria-hidden /> Try again
            </Button>
          </li>
        ) : null}
        <div ref={bottomRef} />
      </ol>
      {error ? (
        <div className="mx-4 mb-2 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">
          <span>{readableError(error)}</span>
          {writable && messages.at(-1)?.role === "user" ? (
            // The message was stored; sending it again asks for the answer (the server does not store it twice).
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                clearError();
                void regenerate();
              }}
            >
              <RotateCcw className="size-3.5" aria-hidden /> Try again
            </Button>
          ) : null}
        </div>
      ) : null}
      {writable ? (
        <form
          className="sticky bottom-0 border-t border-zinc-200 bg-white p-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="flex items-end gap-2">
            <label htmlFor="one-on-one-input" className="sr-only">
              Message the improver
            </label>
            <textarea
              id="one-on-one-input"
              ref={inputRef}
              rows={2}
              value={draft}
              maxLength={TEXT_LIMITS.chatMessage}
              aria-describedby="one-on-one-shortcuts"
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  submit();
                } else if (e.key === "ArrowUp" && !draft && editableId) {
                  e.preventDefault();
                  startEditing();
                }
              }}
              placeholder="Tell the improver what should change, or ask about the feedback… (at most 4,000 characters)"
              className="min-h-10 flex-1 resize-y rounded-lg border border-zinc-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20"
            />
            {busy ? (
              <Button variant="secondary" onClick={stopAnswer} aria-keyshortcuts="Escape" title="Stop (Esc)">
                <Square className="size-4" aria-hidden /> Stop
              </Button>
            ) : (
              <Button type="submit" disabled={!draft.trim()} aria-keyshortcuts="Enter" title="Send (Enter)">
                <Send className="size-4" aria-hidden /> Send
              </Button>
            )}
          </div>
          <CharacterCount length={draft.length} limit={TEXT_LIMITS.chatMessage} />
          <p id="one-on-one-shortcuts" className="mt-1.5 text-xs text-zinc-500" data-testid="chat-shortcuts">
            <kbd className="font-sans font-medium">Enter</kbd> send · <kbd className="font-sans font-medium">Shift+Enter</kbd> new line · <kbd className="font-sans font-medium">Esc</kbd> stop the answer ·{" "}
            <kbd className="font-sans font-medium">↑</kbd> in an empty box: edit your last message
          </p>
        </form>
      ) : null}
    </div>
  );
}

/**
 * The newest answer can be asked again when it answers a person (not a ritual step) and its
 * proposal, if any, is still undecided (the server checks the same).
 */
function regenerable(messages: ImproverUIMessage[], proposals: Map<string, ProposalCardData>) {
  const [answer, asked] = [messages.at(-1), messages.at(-2)];
  if (answer?.role !== "assistant" || asked?.role !== "user" || asked.metadata?.kind === "ritual") return false;
  return answer.parts.every((p) => {
    if (p.type !== "tool-propose_directives" || p.state !== "output-available" || !p.output.ok) return true;
    const status = proposals.get(p.output.proposalId)?.status;
    return !status || status === "pending" || status === "draft" || status === "superseded";
  });
}

const textOf = (m: ImproverUIMessage) => m.parts.map((p) => (p.type === "text" ? p.text : "")).join("");

/**
 * The person's newest message, editable when it is this viewer's own plain message (not the
 * opening, a rejection or a ritual step) and its answer, if any, is the newest message and could be
 * regenerated (the server checks the same).
 */
function editableMessage(messages: ImproverUIMessage[], proposals: Map<string, ProposalCardData>, currentUserId: string) {
  const last = messages.at(-1);
  const asked = last?.role === "assistant" ? messages.at(-2) : last;
  if (asked?.role !== "user" || asked.metadata?.kind) return null;
  if (asked.metadata?.authorId && asked.metadata.authorId !== currentUserId) return null;
  if (last?.role === "assistant" && !regenerable(messages, proposals)) return null;
  return asked;
}

type EditState = { text: string; onChange: (text: string) => void; onSave: () => void; onCancel: () => void };

function Message({
  message,
  currentUserId,
  render,
  editing,
  onEdit,
}: {
  message: ImproverUIMessage;
  currentUserId: string;
  render: (part: Part, key: string) => React.ReactNode;
  editing?: EditState | null;
  onEdit?: () => void;
}) {
  const kind = message.metadata?.kind;
  // Messages typed in this page have no author yet: they are the viewer's own.
  const mine = !message.metadata?.authorId || message.metadata.authorId === currentUserId;
  const author = mine ? null : (message.metadata?.authorName ?? "A teammate");
  if (message.role === "user" && kind === "opening") {
    return (
      <li className="text-center text-xs text-zinc-500">
        Session opened{author ? ` by ${author}` : ""} — the improver reviews what changed since the last session.
      </li>
    );
  }
  if (message.role === "user" && kind === "ritual") {
    const text = message.parts.map((p) => (p.type === "text" ? p.text : "")).join("");
    return <li className="text-center text-xs text-zinc-500">Weekly ritual — {text.startsWith("Weekly ritual, analysis") ? "the improver analyses the week's feedback" : text.startsWith("Weekly ritual, proposal") ? "the improver proposes new directives" : "the improver revises after a rejection"}</li>;
  }
  if (message.role === "user") {
    const text = textOf(message);
    if (editing) return <EditMessage {...editing} />;
    return (
      <li className="flex flex-col items-end" data-testid="user-message">
        <span className="mb-1 text-xs text-zinc-500">{author ?? "You"}</span>
        <div className={cn("max-w-[80%] whitespace-pre-wrap rounded-2xl rounded-br-sm px-4 py-2 text-sm", kind === "rejection" ? "border border-red-200 bg-red-50 text-red-900" : "bg-brand-600 text-white")}>{text}</div>
        {onEdit ? (
          <Button size="sm" variant="ghost" className="mt-1" onClick={onEdit} aria-keyshortcuts="ArrowUp" title="Edit this message and ask again (↑ in an empty box)">
            <Pencil className="size-3.5" aria-hidden /> Edit
          </Button>
        ) : null}
      </li>
    );
  }
  return (
    <li className="flex gap-3" data-testid="assistant-message">
      <span className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700" aria-hidden>
        <Bot className="size-4" />
      </span>
      <div className="min-w-0 flex-1 space-y-2">
        <span className="text-xs text-zinc-500">Improver</span>
        {message.parts.map((part, i) => render(part, `${message.id}-${i}`))}
        {message.metadata?.stopped ? <p className="text-xs text-zinc-500 italic">Stopped before the end.</p> : null}
        {message.metadata?.cutOff ? <p className="text-xs text-zinc-500 italic">Cut off: the model stopped before the end of its answer.</p> : null}
      </div>
    </li>
  );
}

/** The newest message rewritten in place: Enter saves and asks again, Escape cancels. */
function EditMessage({ text, onChange, onSave, onCancel }: EditState) {
  return (
    <li className="flex flex-col items-end gap-2" data-testid="edit-message">
      <label htmlFor="one-on-one-edit" className="sr-only">
        Edit your message
      </label>
      <textarea
        id="one-on-one-edit"
        autoFocus
        rows={3}
        value={text}
        maxLength={TEXT_LIMITS.chatMessage}
        onChange={(e) => onChange(e.target.value)}
        onFocus={(e) => e.currentTarget.setSelectionRange(e.currentTarget.value.length, e.currentTarget.value.length)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onSave();
          } else if (e.key === "Escape") {
            e.preventDefault();
            onCancel();
          }
        }}
        className="w-full max-w-[80%] resize-y rounded-lg border border-brand-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20"
      />
      <CharacterCount length={text.length} limit={TEXT_LIMITS.chatMessage} />
      <div className="flex gap-2">
        <Button size="sm" variant="ghost" onClick={onCancel} aria-keyshortcuts="Escape">
          Cancel
        </Button>
        <Button size="sm" onClick={onSave} disabled={!text.trim()} aria-keyshortcuts="Enter">
          Save &amp; ask again
        </Button>
      </div>
    </li>
  );
}

type ProposeOutput = { ok: true; proposalId: string; status: "pending" | "draft"; version: number; confidence: number } | { ok: false; error: string };

/** An answer with proposals, every one of them decided: its hint to decide them is stale. */
function allDecided(message: ImproverUIMessage, proposals: Map<string, ProposalCardData>): boolean {
  const ids = message.parts.flatMap((p) => (p.type === "tool-propose_directives" && p.state === "output-available" && (p.output as ProposeOutput).ok ? [(p.output as { proposalId: string }).proposalId] : []));
  return ids.length > 0 && ids.every((id) => {
    const p = proposals.get(id);
    return p !== undefined && !isUndecided(p.status);
  });
}

function PartView({
  part,
  decided,
  proposalFor,
  head,
  card,
}: {
  part: Part;
  /** The answer's proposals are all decided: no "Approve it…" left in its text. */
  decided: boolean;
  proposalFor: (id: string, fallback: ProposalCardData) => ProposalCardData;
  head: { number: number; directives: string };
  card: (p: ProposalCardData) => React.ReactNode;
}) {
  switch (part.type) {
    case "text": {
      const text = decided ? withoutDecisionHint(part.text) : part.text;
      return text.trim() ? (
        <div className="prose-chat max-w-none text-sm leading-relaxed text-zinc-800">
          <Markdown>{text}</Markdown>
        </div>
      ) : null;
    }
    case "tool-propose_directives": {
      if (part.state === "input-streaming" || part.state === "input-available") {
        return <p className="animate-pulse rounded-lg border border-dashed border-zinc-300 px-3 py-2 text-sm text-zinc-500">Drafting a proposal…</p>;
      }
      if (part.state === "output-error") return <p className="text-sm text-red-700">The proposal could not be saved: {part.errorText}</p>;
      if (part.state !== "output-available") return null;
      const output = part.output as ProposeOutput;
      if (!output.ok) return <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">Proposal refused: {output.error}</p>;
      const fallback: ProposalCardData = {
        id: output.proposalId,
        status: output.status,
        directives: part.input.directives,
        rationale: part.input.rationale,
        confidence: part.input.confidence,
        base: head,
        resultingVersion: null,
        rejectionReason: null,
        userRating: null,
        decidedBy: null,
        flags: [],
        reversals: [],
        reversalEvidence: [],
        reversalReason: null,
        replay: null,
        replayOverrideReason: null,
        candidates: null,
      };
      return card(proposalFor(output.proposalId, fallback));
    }
    case "tool-record_evolution_note":
      return (
        <p className="flex items-start gap-2 rounded-lg bg-zinc-50 px-3 py-2 text-xs text-zinc-600" data-testid="note-chip">
          <NotebookPen className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <span>
            <span className="font-medium text-zinc-800">Noted ({part.input?.kind ? enumWordsLower("EvolutionNoteKind", part.input.kind) : "note"}):</span> {part.input?.content}
          </span>
        </p>
      );
    case "tool-fetch_instance_detail": {
      const out = part.state === "output-available" ? (part.output as { ok: boolean; agent?: { name: string } }) : null;
      return (
        <p className="flex items-center gap-2 text-xs text-zinc-500">
          <Search className="size-3.5" aria-hidden />
          {out?.ok && out.agent ? `Looked at ${out.agent.name}` : `Looking at agent ${part.input?.agentId ?? ""}…`}
        </p>
      );
    }
    default:
      return null;
  }
}

