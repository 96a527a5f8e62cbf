"use client";
import dynamic from "next/dynamic";

// The chat (the AI SDK's useChat, its stream parser and schemas, the markdown renderer: ~150 KB of
// gzip) is its own chunk: server-rendered as before, its code fetched beside the page's rather than
// before it, so the header, the context panel and the session controls are interactive without it.
export const OneOnOneChat = dynamic(() => import("./one-on-one-chat").then((m) => m.OneOnOneChat), {
  loading: () => (
    <div className="flex min-h-64 items-center justify-center rounded-xl border border-zinc-200 bg-white text-sm text-zinc-400" role="status">
      Loading the conversation…
    </div>
  ),
});
