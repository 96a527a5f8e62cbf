import { describe, expect, it } from "vitest";
import * as enums from "@/generated/prisma/enums";
import { TaskToolArgs } from "@/features/decisions/schemas";
import { inWords, KNOWN_TOOLS, labelOf, toolNoun } from "@/lib/words";

// No identifier reaches people: every value of every enum of the schema and every agent tool reads
// as words through the one mapping (src/lib/words.ts).

const looksLikeIdentifier = (s: string) => /_|[a-z][A-Z]/.test(s);

describe("enums and tools in words (src/lib/words.ts)", () => {
  const values = Object.entries(enums).flatMap(([name, e]) => (typeof e === "object" && e ? Object.values(e as Record<string, string>).map((v) => [name, v] as const) : []));

  it("covers every value of every enum", () => {
    expect(values.length).toBeGreaterThan(80);
    for (const [name, value] of values) {
      for (const words of [inWords(value), labelOf(value)]) {
        expect(looksLikeIdentifier(words), `${name}.${value} → "${words}"`).toBe(false);
        expect(words.trim().length).toBeGreaterThan(0);
      }
    }
    expect([inWords("in_progress"), labelOf("in_progress"), inWords("harm_detected"), labelOf("timeToDone")]).toEqual(["in progress", "In progress", "harm detected", "Time to done"]);
  });

  it("covers every tool an agent proposes with, and a tool it does not know", () => {
    for (const tool of [...Object.keys(TaskToolArgs), ...KNOWN_TOOLS, "propose_priority_change"]) {
      for (const words of [inWords(tool), labelOf(tool), toolNoun(tool)]) expect(looksLikeIdentifier(words), `${tool} → "${words}"`).toBe(false);
    }
    expect([toolNoun("propose_checklist_items"), labelOf("propose_checklist_items"), toolNoun("propose_priority_change")]).toEqual(["checklist", "Checklist", "priority change"]);
  });
});
