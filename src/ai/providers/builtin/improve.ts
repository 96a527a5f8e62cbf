import type { LanguageModelV3Content } from "@ai-sdk/provider";
import { APPROVAL_CONFIDENCE, IMPROVER_TOOLS, type ImproverTurn as Turn } from "@/ai/prompts/improver";
import { isQuestion } from "./improve-clauses";
import type { ImproverContext, ImproverInput } from "./improve-context";
import { requestedAgent } from "./improve-fetch";
import { analysisTurn, openingTurn, questionTurn } from "./improve-opening";
import { requestTurn } from "./improve-propose";
import { rejectionTurn } from "./improve-revise";
import { versionLabel, type ImproverTurn } from "./improve-turn";
import type { PromptView } from "./prompt";

// Improver role (the one-on-one and the weekly ritual), by what the turn asks (ImproverTurn):
// the opening → a summary and a reflection note; a rejection → a revised proposal and a decision
// note; the ritual's analysis → the summary with a hypothesis; its proposal → a complete new
// version for the top complaints. A person's message (the last user message): "look at agent X"
// → fetch_instance_detail; a question → an answer from the context; anything else → a complete
// new version (propose_directives) and a hypothesis note; no text at all → the opening.
// The answer after the tools ran is improve-closing.ts. See src/ai/README.md.

export function improveReply(view: PromptView, { context: ctx, turn: asked }: ImproverInput, callPrefix: string): LanguageModelV3Content[] {
  const said = view.lastUser.trim();
  const opening = asked.kind === "opening" || (asked.kind === "message" && !said);
  const turn = planTurn(view, ctx, asked, said, opening);
  if (view.json) return [{ type: "text", text: JSON.stringify(jsonAnswer(view, ctx, turn, opening)) }];
  return render(turn, view, ctx, callPrefix);
}

function planTurn(view: PromptView, ctx: ImproverContext, asked: Turn, said: string, opening: boolean): ImproverTurn {
  if (asked.kind === "rejection") return rejectionTurn(view, ctx, asked.reason);
  if (opening) return openingTurn(ctx);
  if (asked.kind === "ritual-analysis") return analysisTurn(ctx);
  if (asked.kind === "ritual-proposal") return requestTurn(view, ctx, "");
  const agentId = requestedAgent(ctx, said);
  if (agentId) {
    return view.tools.has(IMPROVER_TOOLS.fetch)
      ? { text: `Let me look at agent ${agentId}.`, fetchAgentId: agentId }
      : { text: `I can't look up agent ${agentId} in this conversation. What the reports say:\n${mentions(ctx, agentId)}` };
  }
  if (isQuestion(said)) return questionTurn(ctx, said);
  return requestTurn(view, ctx, said);
}

/** The ritual's structured answer: the opening summary with a proposal for the top complaints, if any. */
function jsonAnswer(view: PromptView, ctx: ImproverContext, turn: ImproverTurn, opening: boolean) {
  const proposal = opening ? (ctx.negative.length ? requestTurn(view, ctx, "").proposal : undefined) : turn.proposal;
  return { summary: turn.summary ?? turn.text, proposals: proposal ? [proposal] : [] };
}

function render(turn: ImproverTurn, view: PromptView, ctx: ImproverContext, callPrefix: string): LanguageModelV3Content[] {
  const calls: { toolName: string; input: unknown }[] = [];
  let text = turn.text;
  if (turn.proposal) {
    if (view.tools.has(IMPROVER_TOOLS.propose)) calls.push({ toolName: IMPROVER_TOOLS.propose, input: turn.proposal });
    else text += `\n\n${proposalAsText(turn.proposal, ctx.version)}`;
  }
  if (view.tools.has(IMPROVER_TOOLS.note)) for (const note of turn.notes ?? []) calls.push({ toolName: IMPROVER_TOOLS.note, input: note });
  if (turn.fetchAgentId) calls.push({ toolName: IMPROVER_TOOLS.fetch, input: { agentId: turn.fetchAgentId } });
  return [
    { type: "text", text },
    ...calls.map((c, i) => ({ type: "tool-call" as const, toolCallId: `${callPrefix}-${i + 1}`, toolName: c.toolName, input: JSON.stringify(c.input) })),
  ];
}

function proposalAsText(p: NonNullable<ImproverTurn["proposal"]>, version: number | null): string {
  const draft = p.confidence < APPROVAL_CONFIDENCE ? ", a draft" : "";
  return `Proposed directives for ${versionLabel(version)} (confidence ${p.confidence}${draft}):\n\n\`\`\`markdown\n${p.directives}\n\`\`\`\n\n${p.rationale}`;
}

function mentions(ctx: ImproverContext, agentId: string): string {
  const lines = [...ctx.lines.reports, ...ctx.lines.observations].filter((l) => l.includes(agentId)).slice(0, 3);
  return lines.length ? lines.map((l) => `- ${l}`).join("\n") : "- (no line names it)";
}
