import { IMPROVER_TOOLS, ProposeDirectivesInput, type RecordNoteInput } from "@/ai/prompts/improver";
import type { PromptView } from "./prompt";

/** One improver answer before it becomes text and tool calls (or JSON). */
export type ImproverAnswer = {
  /** What the chat shows before the tool calls. */
  text: string;
  /** The chat's text without its closing question: the `summary` of a JSON answer. */
  summary?: string;
  proposal?: ProposeDirectivesInput;
  notes?: RecordNoteInput[];
  fetchAgentId?: string;
};

export const CONFIDENT = 0.85;
export const DRAFT = 0.6;

/** The latest valid `propose_directives` input of the conversation. */
export function lastProposal(view: PromptView): ProposeDirectivesInput | null {
  for (const call of [...view.earlierCalls].reverse()) {
    if (call.toolName !== IMPROVER_TOOLS.propose) continue;
    const parsed = ProposeDirectivesInput.safeParse(call.input);
    if (parsed.success) return parsed.data;
  }
  return null;
}

/** "v6", or "the next version" when the head's number is unknown. */
export const versionLabel = (version: number | null) => (version === null ? "the next version" : `v${version + 1}`);

export const count = (n: number) => n.toLocaleString("en-US");

export const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? "" : "s"}`;

/** Text from a person or the feedback, quoted inline on one line (the sentence's own full stop dropped). */
export const quote = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, " ").trim().replace(/[.;:,]+$/, "");
  return `"${flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat}"`;
};
