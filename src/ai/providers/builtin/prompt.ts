import type { LanguageModelV3CallOptions, LanguageModelV3FunctionTool, LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";

// What the built-in model reads from a call's messages: the person's words, which tools it may
// call, the tool calls so far, and whether it is answering tool results (the second step of a
// tool loop). What the prompt is about comes as data (options.ts), not from this text.

export type PromptView = {
  /** All user text, in order. */
  user: string;
  /** The text of the last user message: what a chat turn answers. */
  lastUser: string;
  /** True when the last message carries tool results: time for the final short answer. */
  afterToolResults: boolean;
  /** Tool calls made earlier in this conversation (to summarise them in the final answer). */
  earlierCalls: { toolName: string; input: unknown }[];
  /** The calls and results after the last user message: what this chat turn did so far. */
  turnCalls: { toolCallId: string; toolName: string; input: unknown }[];
  turnResults: { toolCallId: string; toolName: string; output: LanguageModelV3ToolResultOutput }[];
  tools: Map<string, LanguageModelV3FunctionTool>;
  json: boolean;
  /** Every character the model "read", for token usage. */
  allText: string;
};

export function readPrompt(options: LanguageModelV3CallOptions): PromptView {
  const user: string[] = [];
  const all: string[] = [];
  const earlierCalls: PromptView["earlierCalls"] = [];
  let lastUser = "";
  let turnCalls: PromptView["turnCalls"] = [];
  let turnResults: PromptView["turnResults"] = [];
  for (const message of options.prompt) {
    if (message.role === "system") {
      all.push(message.content);
      continue;
    }
    if (message.role === "user") {
      lastUser = message.content.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n\n");
      turnCalls = [];
      turnResults = [];
    }
    for (const part of message.content) {
      if (part.type === "text") {
        if (message.role === "user") user.push(part.text);
        all.push(part.text);
      } else if (part.type === "tool-call") {
        earlierCalls.push({ toolName: part.toolName, input: part.input });
        turnCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
        all.push(JSON.stringify(part.input));
      } else if (part.type === "tool-result") {
        turnResults.push({ toolCallId: part.toolCallId, toolName: part.toolName, output: part.output });
        all.push(JSON.stringify(part.output));
      }
    }
  }
  const tools = new Map<string, LanguageModelV3FunctionTool>();
  const choice = options.toolChoice;
  if (choice?.type !== "none") {
    for (const tool of options.tools ?? []) {
      if (tool.type !== "function") continue;
      if (choice?.type === "tool" && choice.toolName !== tool.name) continue;
      tools.set(tool.name, tool);
    }
  }
  return {
    user: user.join("\n\n"),
    lastUser,
    afterToolResults: options.prompt.at(-1)?.role === "tool",
    earlierCalls,
    turnCalls,
    turnResults,
    tools,
    json: options.responseFormat?.type === "json",
    allText: all.join("\n"),
  };
}
