import { generateText, stepCountIs, tool, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { ProposeDirectivesInput, RecordNoteInput, improverProviderOptions, improverScaffold, rejectionMessage, type ImproverContextFacts } from "@/ai/prompts/improver";
import { BuiltinLanguageModel } from "@/ai/providers/builtin";
import { generateTeam } from "@/lab/generate/team-generator";

// A person's rejection reason is feedback, never a directive: over every phrase the generated
// teams' reviewers and owners say (the lab's phrase bank, read through the generator), the revised
// proposal contains no sentence of it and no "Keep this in mind: …" wrapper.

const HEAD = ["You triage support tickets.", "", "- Keep checklists to at most 8 items.", "- Set a priority."].join("\n");
const context: ImproverContextFacts = {
  head: { version: 3, directives: HEAD, truncated: false },
  feedback: { negative: [], positive: [], totals: { negative: 0, positive: 0 }, patterns: [] },
  lines: { metrics: [], decisions: [], reports: [], observations: [], notes: [], versions: [], delta: [] },
  agentIds: [],
};
const PROPOSED = { directives: `${HEAD}\n- Give every estimate a one-line rationale.\n- Write reports as short bullets.`, rationale: "Two changes.", confidence: 0.85 };

async function revise(reason: string) {
  const proposals: ProposeDirectivesInput[] = [];
  const messages: ModelMessage[] = [{ role: "user", content: rejectionMessage(reason) }];
  await generateText({
    model: new BuiltinLanguageModel("improver"),
    system: improverScaffold({ templateName: "Triage", origin: "ritual" }),
    providerOptions: improverProviderOptions({ context, turn: { kind: "rejection", reason, rejected: PROPOSED } }),
    messages,
    tools: {
      propose_directives: tool({ inputSchema: ProposeDirectivesInput, execute: async (p) => (proposals.push(p), { ok: true }) }),
      record_evolution_note: tool({ inputSchema: RecordNoteInput, execute: async () => ({ ok: true }) }),
    },
    stopWhen: stepCountIs(2),
  });
  return proposals[0];
}

const normal = (s: string) => s.toLowerCase().replace(/\{[^}]+\}/g, " ").replace(/[^a-z0-9 ]+/g, " ").replace(/\s+/g, " ").trim();

describe("revision never copies a reason into the directives", () => {
  const phrases = new Set<string>();
  for (let i = 0; i < 30; i++) {
    const { persona } = generateTeam(9, i);
    for (const r of persona.reviewers) for (const rule of r.rules) for (const p of rule.say ?? []) phrases.add(p);
    for (const list of Object.values(persona.owner.say)) for (const p of list ?? []) phrases.add(p);
  }

  it(`over ${phrases.size} phrases of 30 generated teams`, async () => {
    expect(phrases.size).toBeGreaterThan(100);
    for (const phrase of phrases) {
      const reason = phrase.replace(/\{[^}]+\}/g, "7");
      const revised = await revise(reason);
      if (!revised) continue;
      const added = revised.directives.split("\n").filter((l) => !HEAD.includes(l) && !PROPOSED.directives.split("\n").includes(l));
      for (const line of added) {
        expect(line, `reason: ${reason}`).not.toMatch(/Keep this in mind|Avoid this problem/);
        const words = normal(reason).split(" ");
        // No run of 4 words of the reason appears in a new line.
        for (let k = 0; k + 4 <= words.length; k++) expect(normal(line), `reason: ${reason}`).not.toContain(words.slice(k, k + 4).join(" "));
      }
    }
  });
});
