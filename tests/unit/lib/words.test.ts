import { describe, expect, it } from "vitest";
import { IMPROVER_TOOLS } from "@/ai/prompts/improver";
import { taskAgentTools } from "@/ai/tools/task-agent-tools";
import { newCollector } from "@/ai/tools/collector";
import { TaskToolArgs } from "@/features/decisions/schemas";
import * as Enums from "@/generated/prisma/enums";
import { ENUM_WORDS, enumWords, TOOL_WORDS, toolLabel, toolWords } from "@/lib/words";

// Every stored value people can see reaches them in words, from the one mapping (src/lib/words.ts).

const isWords = (raw: string, shown: string) => {
  expect(shown, `${raw} has no words`).toBeTruthy();
  expect(shown, `${raw} → ${shown}`).not.toMatch(/_/);
  expect(shown, `${raw} is shown as itself`).not.toBe(raw);
  expect(shown.trim(), `${raw} → "${shown}"`).toBe(shown);
};

describe("enum words", () => {
  const enums = Object.entries(Enums).filter(([, v]) => typeof v === "object" && v !== null) as [keyof typeof ENUM_WORDS, Record<string, string>][];

  it("covers every Prisma enum", () => {
    expect(enums.length).toBeGreaterThan(20);
    expect(Object.keys(ENUM_WORDS).sort()).toEqual(enums.map(([name]) => name).sort());
  });

  for (const [name, values] of enums) {
    it(`${name}: every value in words`, () => {
      for (const value of Object.values(values)) isWords(value, (enumWords as (n: string, v: string) => string)(name, value));
    });
  }

  it("says in_progress as people do", () => {
    expect(enumWords("TaskStatus", "in_progress")).toBe("In progress");
    expect(enumWords("EvolutionSessionStatus", "awaiting_review")).toBe("Awaiting review");
  });
});

describe("tool words", () => {
  const tools = [...Object.keys(taskAgentTools(newCollector())), ...Object.keys(TaskToolArgs), ...Object.values(IMPROVER_TOOLS)];

  it("covers every tool of the task agent and the improver", () => {
    for (const tool of tools) expect(Object.keys(TOOL_WORDS), tool).toContain(tool);
  });

  for (const tool of new Set(tools)) {
    it(`${tool}: label, plural and phrase in words`, () => {
      const words = toolWords(tool);
      isWords(tool, words.label);
      isWords(tool, words.plural);
      isWords(tool, words.phrase);
    });
  }

  it("spells out a tool it does not know", () => {
    expect(toolWords("propose_due_date")).toEqual({ label: "Due date", plural: "proposed due dates", phrase: "a proposed due date" });
    expect(toolLabel("summarize_thread")).toBe("Summarize thread");
    expect(toolLabel("propose_checklist_items")).toBe("Checklist");
  });
});
