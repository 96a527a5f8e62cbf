import type { ImproverUIMessage } from "./server/chat";

type Part = ImproverUIMessage["parts"][number];

/** What older saved answers put in a tool step a broken answer left unfinished (now dropped). */
export const INTERRUPTED = "the answer was interrupted before this step finished";

/**
 * What a broken or cut-off answer keeps is whole: a tool call only if it fully arrived and ran
 * (one still streaming its input, or whose input arrived but never ran, is dropped — it showed as
 * an empty "Noted (note):" line or a proposal card of half a proposal), no empty text, and a text
 * still streaming is done. The message itself says it was cut off (`metadata.cutOff`). Used when
 * an answer is saved, when the page settles a broken answer, and when a transcript is read (rows
 * saved before kept unfinished steps as errors reading INTERRUPTED: dropped too).
 */
export function settleUnfinishedParts(parts: Part[]): Part[] {
  return parts.flatMap((part): Part[] => {
    if (part.type === "text" || part.type === "reasoning") {
      if (part.text.trim() === "") return [];
      return [part.state === "streaming" ? { ...part, state: "done" } : part];
    }
    const tool = part as Part & { state?: string; errorText?: string; input?: unknown };
    if (part.type.startsWith("tool-") || part.type === "dynamic-tool") {
      if (tool.state === "input-streaming" || tool.state === "input-available") return [];
      // An error whose input never arrived whole (only `rawInput`: the stream broke inside it), or an older row's INTERRUPTED.
      if (tool.state === "output-error" && (tool.errorText === INTERRUPTED || tool.input === undefined)) return [];
    }
    return [part];
  });
}
