import type { LanguageModelV3CallOptions, LanguageModelV3FunctionTool, LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";
import { IMPROVER_SECTION } from "@/ai/prompts/improver";
import { SECTION } from "@/ai/prompts/task-agent";

// What the built-in model reads from a call: the prompt as plain text, which tools it may call,
// and whether it is answering tool results (the second step of a tool loop).

export type PromptView = {
  system: string;
  /** All user text, in order: the contract sections live here. */
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
  const system: string[] = [];
  const user: string[] = [];
  const all: string[] = [];
  const earlierCalls: PromptView["earlierCalls"] = [];
  let lastUser = "";
  let turnCalls: PromptView["turnCalls"] = [];
  let turnResults: PromptView["turnResults"] = [];
  for (const message of options.prompt) {
    if (message.role === "system") {
      system.push(message.content);
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
    system: system.join("\n\n"),
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

const HEADINGS = Object.values(SECTION);
const IMPROVER_HEADINGS = Object.values(IMPROVER_SECTION);

/**
 * The text under one contract heading, up to the next contract heading. Only the contract's own
 * headings end a section: descriptions and reports may contain "## " lines of their own.
 */
export function section(text: string, heading: string): string | null {
  return sectionAmong(text, heading, HEADINGS);
}

/** `section` for the improver's contract (prompts/improver.ts): directives often have "## " lines. */
export function improverSection(text: string, heading: string): string | null {
  return sectionAmong(text, heading, IMPROVER_HEADINGS);
}

function sectionAmong(text: string, heading: string, headings: readonly string[]): string | null {
  const start = findHeading(text, heading);
  if (start < 0) return null;
  const body = start + heading.length;
  let end = text.length;
  for (const other of headings) {
    if (other === heading) continue;
    const at = findHeading(text, other, body);
    if (at >= 0 && at < end) end = at;
  }
  return text.slice(body, end).replace(/^\n/, "").trimEnd();
}

function findHeading(text: string, heading: string, from = 0): number {
  let at = text.indexOf(heading, from);
  while (at >= 0) {
    const lineStart = at === 0 || text[at - 1] === "\n";
    const lineEnd = text[at + heading.length] === "\n" || at + heading.length === text.length;
    if (lineStart && lineEnd) return at;
    at = text.indexOf(heading, at + 1);
  }
  return -1;
}

/** The JSON value at the start of `text` (sections are followed by free text, so JSON.parse of the whole fails). */
export function leadingJson(text: string | null): unknown {
  if (!text) return undefined;
  const start = text.search(/[[{]/);
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{" || ch === "[") depth++;
    else if (ch === "}" || ch === "]") {
      depth--;
      if (depth === 0) {
        try {
          return JSON.parse(text.slice(start, i + 1));
        } catch {
          return undefined;
        }
      }
    }
  }
  return undefined;
}
