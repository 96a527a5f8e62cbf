import type { ImproverUIMessage } from "./server/chat";

type Part = ImproverUIMessage["parts"][number];

/** What a tool step left unfinished by a broken or cut-off answer says after a reload. */
export const INTERRUPTED = "the answer was interrupted before this step finished";

/**
 * A saved answer never keeps a step "in progress": a tool call still streaming its input, or
 * whose input arrived but never ran, becomes an error the page shows ("… could not be saved: the
 * answer was interrupted …") instead of "Drafting a proposal…" forever; a text still streaming is
 * done. Used when an answer is saved and when a transcript is read (rows saved before).
 */
export function settleUnfinishedParts(parts: Part[]): Part[] {
  return parts.map((part) => {
    if (part.type === "text" || part.type === "reasoning") return part.state === "streaming" ? { ...part, state: "done" } : part;
    const tool = part as Part & { state?: string; input?: unknown };
    if ((part.type.startsWith("tool-") || part.type === "dynamic-tool") && (tool.state === "input-streaming" || tool.state === "input-available")) {
      return { ...part, state: "output-error", input: tool.input ?? {}, errorText: INTERRUPTED } as Part;
    }
    return part;
  });
}
