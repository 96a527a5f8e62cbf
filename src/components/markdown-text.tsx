import type { ReactElement } from "react";
import Markdown, { type Components } from "react-markdown";
import { memoize } from "@/lib/memo";

// Markdown an agent wrote (its reports), rendered on the server with react-markdown — the same
// library the one-on-one chat uses, so both read alike. What an agent writes is shaped by the
// tickets it read, so it is not trusted: raw HTML is shown as text (react-markdown's default, no
// rehype-raw), link targets pass react-markdown's URL filter (no `javascript:`), links open in a new
// tab without the opener or a referrer, and images are dropped (a remote image is a tracking pixel
// the CSP would block anyway).
//
// Parsing is the costly part: an 818-character report takes 2.7–3.0 ms of CPU to parse and render,
// 0.1–0.13 ms to render again from its tree, 0.03 ms as plain text (`NODE_ENV=production npx tsx
// scripts/experiments/markdown-cost.tsx`, 2026-11-30). A report never changes once written, so the
// element tree is remembered per text, for the most recent 500 texts of the process.

const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-700 underline hover:text-brand-800">
      {children}
    </a>
  ),
};

const tree = memoize((text: string): ReactElement => Markdown({ children: text, components, disallowedElements: ["img"] }), { max: 500, key: (text) => text });

/** `text` as formatted Markdown, in the compact style of the chat's answers. */
export function MarkdownText({ text, className = "" }: { text: string; className?: string }) {
  return <div className={`prose-chat max-w-none break-words text-sm leading-relaxed text-zinc-800 ${className}`}>{tree(text)}</div>;
}
