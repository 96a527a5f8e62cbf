import type { LanguageModelV3Content } from "@ai-sdk/provider";
import { APPROVAL_CONFIDENCE, IMPROVER_TOOLS, type ImproverTurn } from "@/ai/prompts/improver";
import { isQuestion } from "./improve-clauses";
import type { ImproverContext, ImproverInput } from "./improve-context";
import { requestedAgent } from "./improve-fetch";
import { analysisTurn, openingTurn, questionTurn } from "./improve-opening";
import { requestTurn } from "./improve-propose";
import { rejectionTurn } from "./improve-revise";
import { versionLabel, type ImproverAnswer } from "./improve-turn";
import type { PromptView } from "./prompt";

// Improver role (the one-on-one and the weekly ritual), by what the turn asks (ImproverTurn):
// the opening → a summary and a reflection note; a rejection → a revised proposal and a decision
// note; the ritual's analysis → the summary with a hypothesis; its proposal → a complete new
// version from the feedback. A person's message (the last user message): "look at agent X"
// → fetch_instance_detail; a question → an answer from the context; anything else → a complete
// new version (propose_directives) and a hypothesis note; no text at all → the opening.
// Proposals edit the directive clause family from what people wrote (improve-family.ts); the
// answer after the tools ran is improve-closing.ts. See src/ai/README.md.

export function improveReply(view: PromptView, { context: ctx, turn: asked }: ImproverInput, callPrefix: string): LanguageModelV3Content[] {
  const said = view.lastUser.trim();
  const opening = asked.kind === "opening" || (asked.kind === "message" && !said);
  const answer = planAnswer(view, ctx, asked, said, opening);
  if (view.json) return [{ type: "text", text: JSON.stringify(jsonAnswer(view, ctx, answer, opening)) }];
  return render(answer, view, ctx, callPrefix);
}

function planAnswer(view: PromptView, ctx: ImproverContext, asked: ImproverTurn, said: string, opening: boolean): ImproverAnswer {
  if (asked.kind === "rejection") return rejectionTurn(view, ctx, asked.reason, asked.rejected ?? null);
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
function jsonAnswer(view: PromptView, ctx: ImproverContext, answer: ImproverAnswer, opening: boolean) {
  const proposal = opening ? (ctx.negative.length ? requestTurn(view, ctx, "").proposal : undefined) : answer.proposal;
  return { summary: answer.summary ?? answer.text, proposals: proposal ? [proposal] : [] };
}

function render(answer: ImproverAnswer, view: PromptView, ctx: ImproverContext, callPrefix: string): LanguageModelV3Content[] {
  const calls: { toolName: string; input: unknown }[] = [];
  let text = answer.text;
  if (answer.proposal) {
    if (view.tools.has(IMPROVER_TOOLS.propose)) calls.push({ toolName: IMPROVER_TOOLS.propose, input: answer.proposal });
    else text += `\n\n${proposalAsText(answer.proposal, ctx.version)}`;
  }
  if (view.tools.has(IMPROVER_TOOLS.note)) for (const note of answer.notes ?? []) calls.push({ toolName: IMPROVER_TOOLS.note, input: note });
  if (answer.fetchAgentId) calls.push({ toolName: IMPROVER_TOOLS.fetch, input: { agentId: answer.fetchAgentId } });
  return [
    { type: "text", text },
    ...calls.map((c, i) => ({ type: "tool-call" as const, toolCallId: `${callPrefix}-${i + 1}`, toolName: c.toolName, input: JSON.stringify(c.input) })),
  ];
}

function proposalAsText(p: NonNullable<ImproverAnswer["proposal"]>, version: number | null): string {
  const draft = p.confidence < APPROVAL_CONFIDENCE ? ", a draft" : "";
  return `Proposed directives for ${versionLabel(version)} (confidence ${p.confidence}${draft}):\n\n\`\`\`markdown\n${p.directives}\n\`\`\`\n\n${p.rationale}`;
}

function mentions(ctx: ImproverContext, agentId: string): string {
  const lines = [...ctx.lines.reports, ...ctx.lines.observations].filter((l) => l.includes(agentId)).slice(0, 3);
  return lines.length ? lines.map((l) => `- ${l}`).join("\n") : "- (no line names it)";
}
