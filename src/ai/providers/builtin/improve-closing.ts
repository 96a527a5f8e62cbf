import { DECISION_HINT } from "@/ai/prompts/improver-constants";
import { APPROVAL_CONFIDENCE, FetchInstanceInput, IMPROVER_TOOLS, ProposeDirectivesInput, RecordNoteInput } from "@/ai/prompts/improver";
import type { ImproverContext } from "./improve-context";
import { changedSentences, lineChanges } from "./improve-diff";
import { summariseInstance } from "./improve-fetch";
import { join } from "./improve-propose";
import { plural, quote, versionLabel } from "./improve-turn";
import type { PromptView } from "./prompt";
import { stripEnd, truncateWords } from "./text";

// The improver's answer after its tools ran: what this turn did, and what the person can do next.

export function improverClosing(view: PromptView, ctx: ImproverContext): string {
  const resultOf = (id: string) => view.turnResults.find((r) => r.toolCallId === id)?.output;
  const errorOf = (id: string) => {
    const out = resultOf(id);
    if (out?.type === "error-text") return out.value;
    if (out?.type === "error-json") return JSON.stringify(out.value);
    if (out?.type === "execution-denied") return out.reason ?? "not allowed";
    // The one-on-one's tools answer a refusal as { ok: false, error } rather than throwing.
    if (out?.type === "json" && out.value && typeof out.value === "object" && "ok" in out.value && out.value.ok === false) {
      return "error" in out.value && typeof out.value.error === "string" ? out.value.error : "refused";
    }
    return null;
  };

  const parts: string[] = [];
  for (const call of view.turnCalls) {
    if (call.toolName !== IMPROVER_TOOLS.fetch) continue;
    const input = FetchInstanceInput.safeParse(call.input);
    const output = resultOf(call.toolCallId);
    if (input.success && output) parts.push(summariseInstance(input.data.agentId, output));
  }

  const notes = view.turnCalls
    .filter((c) => c.toolName === IMPROVER_TOOLS.note && !errorOf(c.toolCallId))
    .flatMap((c) => {
      const parsed = RecordNoteInput.safeParse(c.input);
      return parsed.success ? [parsed.data.kind] : [];
    });
  const noted = notes.length === 1 ? `a ${notes[0]} note` : `${plural(notes.length, "note")} (${notes.join(", ")})`;

  const proposeCall = view.turnCalls.findLast((c) => c.toolName === IMPROVER_TOOLS.propose);
  const proposal = proposeCall ? ProposeDirectivesInput.safeParse(proposeCall.input) : null;
  if (proposeCall && proposal?.success) {
    const error = errorOf(proposeCall.toolCallId);
    if (error) {
      parts.push(`I couldn't save the proposal: ${stripEnd(truncateWords(error, 30))}. Tell me what to change and I'll try again.`);
    } else {
      const { directives, confidence } = proposal.data;
      const what = whatChanges(ctx.directives ?? "", directives);
      const also = notes.length ? ` and recorded ${noted}` : "";
      const version = versionLabel(ctx.version);
      parts.push(
        confidence < APPROVAL_CONFIDENCE
          ? `I proposed a draft of ${version} (confidence ${confidence}, below ${APPROVAL_CONFIDENCE}, so it can't be approved yet)${also}: ${what}. Tell me more about what you want, or reject it with a reason, and I'll firm it up.`
          : `I proposed ${version} (confidence ${confidence})${also}: ${what}. ${DECISION_HINT}`,
      );
    }
  } else if (parts.length) {
    parts.push("Shall I propose a change based on this?");
  } else if (notes.length) {
    parts.push(notes.length === 1 && notes[0] === "reflection" ? "I saved this summary as a reflection note for our next session." : `I recorded ${noted} for our next session.`);
  }
  return parts.length ? parts.join(" ") : "Done.";
}

/** "it changes "…" to "…", adds "…" and removes "…"" (each sentence cut to 12 words). */
function whatChanges(head: string, directives: string): string {
  const short = (line: string) => quote(truncateWords(line.trim().replace(/^[-*•+]\s+/, ""), 12));
  const changed: string[] = [];
  const added: string[] = [];
  const removed: string[] = [];
  for (const c of lineChanges(head, directives)) {
    if (c.removed !== null && c.added !== null) {
      const { before, after } = changedSentences(c.removed, c.added);
      if (!before) added.push(short(after));
      else if (!after) removed.push(short(before));
      else changed.push(`${short(before)} to ${short(after)}`);
    } else if (c.added !== null) added.push(short(c.added));
    else if (c.removed !== null) removed.push(short(c.removed));
  }
  const parts = [...(changed.length ? [`changes ${join(changed)}`] : []), ...(added.length ? [`adds ${join(added)}`] : []), ...(removed.length ? [`removes ${join(removed)}`] : [])];
  return parts.length ? `it ${join(parts)}` : "the complete directives are in the proposal";
}
