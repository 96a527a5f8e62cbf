import { generateText, Output, stepCountIs, streamText, tool, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  FetchInstanceInput,
  OPENING_REQUEST,
  ProposeDirectivesInput,
  RecordNoteInput,
  improverProviderOptions,
  improverScaffold,
  rejectionMessage,
  type ImproverContextFacts,
  type ImproverTurn,
} from "@/ai/prompts/improver";
import { BuiltinLanguageModel } from "@/ai/providers/builtin";

// The built-in improver through the real AI SDK entry points, with the one-on-one's tools and the
// context and turn passed as data (improverProviderOptions), as the one-on-one and the ritual do.

const DIRECTIVES = ["You keep support tasks moving.", "", "## Style", "- Be friendly.", "- Report progress daily."].join("\n");
const SYSTEM = improverScaffold({ templateName: "Support", origin: "interactive" });

type Cat = { category: string; count: number; example?: string };

function contextFacts({ negative = [], positive = [], directives = DIRECTIVES, truncated = false }: { negative?: Cat[]; positive?: Cat[]; directives?: string; truncated?: boolean } = {}): ImproverContextFacts {
  const total = (cs: Cat[]) => cs.reduce((s, c) => s + c.count, 0);
  const counts = (cs: Cat[]) => cs.map((c) => ({ category: c.category, count: c.count, example: c.example ?? null }));
  return {
    head: { version: 5, directives, truncated },
    feedback: { negative: counts(negative), positive: counts(positive), totals: { negative: total(negative), positive: total(positive) }, patterns: ["accuracy complaints come from 3 agents"] },
    lines: {
      metrics: ["Average run rating: 0.62 (last 14 days)", "Quality score: 0.81"],
      decisions: ["v5 approved (rating 4): asked for daily progress reports", "v4 rejected: too formal"],
      reports: ['agent cm7x2k9 (task "Acme CSV export"): blocked on the customer\'s reply'],
      observations: ["agent cm7x2k9: the due date is missing"],
      notes: ["hypothesis: daily reports reduce timeliness complaints"],
      versions: ["v5 (2 weeks ago): daily progress reports", "v4: first edit"],
      delta: ["14 new feedback items", "v5 became head"],
    },
    agentIds: ["cm7x2k9"],
  };
}

const MESSAGE: ImproverTurn = { kind: "message" };
const options = (context: ImproverContextFacts, turn: ImproverTurn = MESSAGE) => ({ system: SYSTEM, providerOptions: improverProviderOptions({ context, turn }) });

const NEGATIVE: Cat[] = [
  { category: "accuracy", count: 12, example: "The estimate was off by two days" },
  { category: "communication", count: 4, example: "Too much jargon in the report" },
  { category: "timeliness", count: 1 },
];
const POSITIVE: Cat[] = [{ category: "communication", count: 6, example: "Friendly and clear summary" }];

function recordingTools() {
  const calls = { proposals: [] as ProposeDirectivesInput[], notes: [] as RecordNoteInput[], fetched: [] as string[] };
  const tools = {
    propose_directives: tool({ inputSchema: ProposeDirectivesInput, execute: async (p) => (calls.proposals.push(p), { proposalId: "p1" }) }),
    record_evolution_note: tool({ inputSchema: RecordNoteInput, execute: async (n) => (calls.notes.push(n), { recorded: true }) }),
    fetch_instance_detail: tool({
      inputSchema: FetchInstanceInput,
      // Shaped like the one-on-one's fetchInstanceDetail answer.
      execute: async ({ agentId }) => (
        calls.fetched.push(agentId),
        {
          ok: true,
          agent: { id: agentId, name: "Acme export", lifecycle: "active" },
          task: { title: "Acme CSV export", status: "in_progress" },
          runs: [{ outcome: "completed", qualityScore: 0.8 }, { outcome: "failed", qualityScore: null }],
          reports: "### 2026-11-12 (confidence 0.7)\nWaiting on Acme to confirm the row limit. The export job is ready.",
          observations: ["2026-11-12: the due date is missing"],
        }
      ),
    }),
  };
  return { tools, calls };
}

async function chat(context: ImproverContextFacts, messages: ModelMessage[] | string, turn?: ImproverTurn) {
  const { tools, calls } = recordingTools();
  const msgs: ModelMessage[] = typeof messages === "string" ? [{ role: "user", content: messages }] : messages;
  const result = await generateText({ model: new BuiltinLanguageModel("improver"), ...options(context, turn), messages: msgs, tools, stopWhen: stepCountIs(3) });
  return { result, calls, all: result.steps.map((s) => s.text).join("\n") };
}

const addedLines = (directives: string) => directives.split("\n").filter((l) => l.startsWith("- ") && !DIRECTIVES.includes(l));

describe("built-in improver: opening", () => {
  it("summarises the feedback, records a reflection note, proposes nothing and ends with a question", async () => {
    const { result, calls, all } = await chat(contextFacts({ negative: NEGATIVE, positive: POSITIVE }), OPENING_REQUEST, { kind: "opening" });
    expect(calls.proposals).toEqual([]);
    expect(calls.notes).toHaveLength(1);
    expect(calls.notes[0].kind).toBe("reflection");
    expect(calls.notes[0].content).toMatch(/accuracy 12/);
    const opening = result.steps[0].text;
    expect(opening).toMatch(/14 new feedback items/);
    expect(opening).toMatch(/17 negative, 6 positive/);
    expect(opening).toMatch(/\*\*accuracy\*\* \(12\), e\.g\. "The estimate was off by two days"/);
    expect(opening).toMatch(/Working well:\*\* communication/);
    expect(opening.trim()).toMatch(/Shall I propose a change for accuracy, or is there something else you want to change\?$/);
    expect(all).toMatch(/reflection note/);
  });
});

describe("built-in improver: proposals", () => {
  it("a request proposes the complete directives: the request, then the clause the written feedback calls for, with the words behind it", async () => {
    const { result, calls } = await chat(contextFacts({ negative: NEGATIVE, positive: POSITIVE }), "Please ask for due dates when a task has none.");
    expect(calls.proposals).toHaveLength(1);
    const p = calls.proposals[0];
    expect(p.directives.startsWith(DIRECTIVES)).toBe(true);
    expect(p.directives).not.toContain("## Improvements");
    // "Too much jargon in the report" maps to a clause of the family, so no canned category clause is added.
    expect(addedLines(p.directives)).toEqual(["- Ask for due dates when a task has none.", "- Use plain words in reports: no jargon."]);
    expect(p.confidence).toBeGreaterThanOrEqual(0.8);
    expect(p.rationale).toMatch(/^Adds "Use plain words in reports: no jargon": 1 feedback item said the report used jargon: “Too much jargon in the report”\./);
    expect(p.rationale).toMatch(/You asked: "Please ask for due dates/);
    // One example of a category with 4 complaints backs the clause: the note tests it.
    expect(calls.notes).toEqual([expect.objectContaining({ kind: "hypothesis", content: 'If agents follow "Use plain words in reports: no jargon", complaints that the report used jargon should drop next week.' })]);
    expect(result.steps[0].text).toMatch(/^I'm proposing v6 with your request as a directive \("Ask for due dates when a task has none"\) and a new clause "Use plain words in reports: no jargon" \(1 feedback item\)\./);
    expect(result.text).toMatch(/^I proposed v6 \(confidence 0\.85\) and recorded a hypothesis note: it adds "Ask for due dates when a task has none" and "Use plain words in reports: no jargon"\. Approve it with a rating, reject it with a reason, or keep talking\.$/);
  });

  it("adds no canned clause for a complaint nothing written maps to: only what the person asked", async () => {
    const negative = [NEGATIVE[0], { category: "communication", count: 4, example: "The customer was upset by the tone" }, NEGATIVE[2]];
    const { calls } = await chat(contextFacts({ negative }), "Please ask for due dates when a task has none.");
    const p = calls.proposals[0];
    expect(p.directives).not.toContain("## Improvements");
    // "Double-check every number…" and "Lead with a one-line summary…" were filler: no evidence asked for them.
    expect(addedLines(p.directives)).toEqual(["- Ask for due dates when a task has none."]);
  });

  it("turns 'make it more concise' into a directive in the person's words", async () => {
    const { calls } = await chat(contextFacts({ negative: NEGATIVE }), "Can you make it more concise?");
    expect(calls.proposals[0].directives).toContain("- Be more concise.");
  });

  it("a vague request with nothing behind it gets an honest answer, not a filler proposal", async () => {
    const { result, calls } = await chat(contextFacts({ positive: POSITIVE }), "Make it better.");
    expect(calls.proposals).toHaveLength(0);
    expect(result.text).toMatch(/No change is backed by the feedback or by people's decisions/);
  });

  it("asking for a draft lowers the confidence even with strong feedback", async () => {
    const { calls } = await chat(contextFacts({ negative: NEGATIVE }), "Draft something for accuracy, I'm not sure yet.");
    expect(calls.proposals[0].confidence).toBeLessThan(0.8);
    // The named category's canned clause comes with the clause the written feedback calls for.
    expect(addedLines(calls.proposals[0].directives)).toEqual(["- Use plain words in reports: no jargon.", expect.stringMatching(/^- Double-check every number/)]);
  });

  it("does not propose when the directives were truncated", async () => {
    const { result, calls } = await chat(contextFacts({ negative: NEGATIVE, truncated: true }), "Please ask for due dates.");
    expect(calls.proposals).toEqual([]);
    expect(result.text).toMatch(/can't see them in full/);
  });

  it("says so when the tool refuses the proposal", async () => {
    const tools = {
      propose_directives: tool({ inputSchema: ProposeDirectivesInput, execute: async () => ({ ok: false, error: "At most 3 proposals can be approved in one session." }) }),
      record_evolution_note: tool({ inputSchema: RecordNoteInput, execute: async () => ({ ok: true }) }),
    };
    const result = await generateText({ model: new BuiltinLanguageModel("improver"), ...options(contextFacts({ negative: NEGATIVE })), prompt: "Please ask for due dates.", tools, stopWhen: stepCountIs(3) });
    expect(result.text).toMatch(/^I couldn't save the proposal: At most 3 proposals can be approved in one session\./);
  });

  it("puts the proposal in the text when propose_directives is not offered", async () => {
    const result = await generateText({ model: new BuiltinLanguageModel("improver"), ...options(contextFacts({ negative: NEGATIVE })), prompt: "Please ask for due dates." });
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toMatch(/Proposed directives for v6 \(confidence 0\.85\)/);
    expect(result.text).toContain("- Ask for due dates.");
  });

  it("a follow-up request builds on the proposal under discussion", async () => {
    const context = contextFacts({ negative: NEGATIVE });
    const first = await chat(context, "Please ask for due dates.");
    const messages: ModelMessage[] = [{ role: "user", content: "Please ask for due dates." }, ...first.result.response.messages, { role: "user", content: "Also make it more concise." }];
    const { calls } = await chat(context, messages);
    const before = first.calls.proposals[0].directives;
    expect(calls.proposals[0].directives).toBe(`${before}\n- Be more concise.`);
  });
});

describe("built-in improver: rejections", () => {
  async function proposeThenReject(reason: string) {
    const context = contextFacts({ negative: NEGATIVE });
    const first = await chat(context, "Please ask for due dates.");
    const messages: ModelMessage[] = [{ role: "user", content: "Please ask for due dates." }, ...first.result.response.messages, { role: "user", content: rejectionMessage(reason) }];
    const second = await chat(context, messages, { kind: "rejection", reason });
    return { before: first.calls.proposals[0], after: second.calls.proposals[0], second };
  }

  it("'too long' keeps only the first new clause", async () => {
    const { before, after, second } = await proposeThenReject("Too long, fewer rules please.");
    expect(addedLines(after.directives).length).toBeLessThan(addedLines(before.directives).length);
    expect(addedLines(after.directives)).toEqual(["- Ask for due dates."]);
    expect(after.confidence).toBeLessThanOrEqual(0.85);
    expect(after.rationale).toMatch(/Too long, fewer rules please/);
    expect(second.calls.notes[0].kind).toBe("decision");
  });

  it("'drop' with a named clause removes it", async () => {
    const { after, second } = await proposeThenReject("Drop the jargon one.");
    expect(after.directives).not.toMatch(/jargon/);
    expect(after.directives).toBe(`${DIRECTIVES}\n- Ask for due dates.`);
    expect(second.result.steps[0].text).toBe('Understood: this revision removes "Use plain words in reports: no jargon". Here it is again as v6.');
  });

  it("a reason that names no clause is never copied into the directives: the least-backed change is taken back", async () => {
    const { before, after, second } = await proposeThenReject("It should mention the customer by name.");
    expect(after.directives).not.toMatch(/customer by name/i);
    expect(addedLines(after.directives).length).toBe(addedLines(before.directives).length - 1);
    expect(after.rationale).toMatch(/Revised after your rejection \("It should mention the customer by name"\): this revision takes back "/);
    expect(second.calls.notes).toEqual([expect.objectContaining({ kind: "decision", content: expect.stringMatching(/^Rejected: It should mention the customer by name; revised: takes back/) })]);
  });
});

describe("built-in improver: questions, lookups, determinism, streaming, JSON", () => {
  it("answers a question from the context without calling a tool", async () => {
    const { result } = await chat(contextFacts({ negative: NEGATIVE }), "What did we decide last time?");
    expect(result.steps.flatMap((s) => s.toolCalls)).toEqual([]);
    expect(result.text).toMatch(/v5 approved \(rating 4\)/);
  });

  it("looks at an agent the reports mention and summarises it", async () => {
    const { result, calls } = await chat(contextFacts({ negative: NEGATIVE }), "Can you look at agent cm7x2k9?");
    expect(calls.fetched).toEqual(["cm7x2k9"]);
    expect(calls.proposals).toEqual([]);
    expect(result.text).toMatch(/^Agent Acme export \(cm7x2k9\): task "Acme CSV export" \(in progress\); 2 recent runs, the latest completed, quality 0\.8; 1 observation\. Its latest report says "Waiting on Acme/);
  });

  it("gives the same answer to the same prompt", async () => {
    const context = contextFacts({ negative: NEGATIVE, positive: POSITIVE });
    const a = await chat(context, "Please ask for due dates.");
    const b = await chat(context, "Please ask for due dates.");
    expect(b.calls).toEqual(a.calls);
    expect(b.all).toBe(a.all);
  });

  it("streams text deltas and the tool calls", async () => {
    const { tools, calls } = recordingTools();
    const result = streamText({
      model: new BuiltinLanguageModel("improver", { streamDelayMs: 0 }),
      ...options(contextFacts({ negative: NEGATIVE })),
      prompt: "Please ask for due dates.",
      tools,
      stopWhen: stepCountIs(3),
    });
    const kinds: string[] = [];
    for await (const part of result.fullStream) kinds.push(part.type);
    expect(kinds.filter((k) => k === "text-delta").length).toBeGreaterThan(5);
    expect(kinds.filter((k) => k === "tool-call")).toHaveLength(2);
    expect(calls.proposals).toHaveLength(1);
    expect(await result.text).toMatch(/^I proposed v6/);
  });

  it("answers JSON with a summary and a proposal for the top complaints (the ritual)", async () => {
    const schema = z.object({ summary: z.string(), proposals: z.array(ProposeDirectivesInput) });
    const { output } = await generateText({
      model: new BuiltinLanguageModel("improver"),
      ...options(contextFacts({ negative: NEGATIVE }), { kind: "opening" }),
      prompt: OPENING_REQUEST,
      output: Output.object({ schema }),
    });
    expect(output.summary).toMatch(/17 negative/);
    expect(output.proposals).toHaveLength(1);
    expect(output.proposals[0].directives.startsWith(DIRECTIVES)).toBe(true);
    expect(output.proposals[0].directives).toBe(`${DIRECTIVES}\n- Use plain words in reports: no jargon.`);
    expect(output.proposals[0].confidence).toBe(0.85);
  });
});
