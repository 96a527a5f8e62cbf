import { generateText, Output, stepCountIs, tool, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readDirectives } from "@/ai/directives/policy";
import { ProposeDirectivesInput, RecordNoteInput, improverProviderOptions, improverScaffold, rejectionMessage, type ImproverContextFacts, type ImproverTurn } from "@/ai/prompts/improver";
import { BuiltinLanguageModel } from "@/ai/providers/builtin";

// The built-in improver edits the directives from what people wrote: clauses of the family are
// revised in place, removed, or added at the end of the bullet list, and the rationale cites the
// words behind each change. The feedback comes as the one-on-one's context data (decision
// history lines, pattern lines, category examples, observations).

const HEAD = [
  "You triage support tickets.",
  "",
  "## Checklists",
  "- Start every checklist with a reproduction step.",
  "- Keep checklists to at most 8 items.",
  "",
  "## Reports",
  "Write the report for the ticket owner. Sign with the team name.",
].join("\n");

type Facts = { directives?: string; decisions?: string[]; patterns?: string[]; observations?: string[]; negative?: ImproverContextFacts["feedback"]["negative"]; positive?: ImproverContextFacts["feedback"]["positive"] };

function facts({ directives = HEAD, decisions = [], patterns = [], observations = [], negative = [], positive = [] }: Facts): ImproverContextFacts {
  const total = (cs: { count: number }[]) => cs.reduce((s, c) => s + c.count, 0);
  return {
    head: { version: 4, directives, truncated: false },
    feedback: { negative, positive, totals: { negative: total(negative), positive: total(positive) }, patterns },
    lines: { metrics: [], decisions, reports: [], observations, notes: [], versions: [], delta: [] },
    agentIds: ["ck1"],
  };
}

/** Feedback that says the checklists are too long, three times by rejection. */
const TOO_LONG: Facts = {
  decisions: ["Rejection rate by tool (last 7 days):", "- propose_checklist_items: 4 rejected of 6 decided (67%)", "Most rejected:", '"Way too many steps" (propose_checklist_items) ×3'],
  patterns: ['negative prioritization from 3 agents (5 items): "12 items for a password reset"; signals: Decision — Rejected a proposed checklist (3 items)'],
  negative: [{ category: "prioritization", count: 5, example: "12 items for a password reset" }],
};

async function turn(context: ImproverContextFacts, messages: ModelMessage[], kind: ImproverTurn = { kind: "message" }) {
  const calls = { proposals: [] as ProposeDirectivesInput[], notes: [] as RecordNoteInput[] };
  const tools = {
    propose_directives: tool({ inputSchema: ProposeDirectivesInput, execute: async (p) => (calls.proposals.push(p), { ok: true }) }),
    record_evolution_note: tool({ inputSchema: RecordNoteInput, execute: async (n) => (calls.notes.push(n), { ok: true }) }),
  };
  const result = await generateText({
    model: new BuiltinLanguageModel("improver"),
    system: improverScaffold({ templateName: "Triage", origin: "interactive" }),
    providerOptions: improverProviderOptions({ context, turn: kind }),
    messages,
    tools,
    stopWhen: stepCountIs(3),
  });
  return { result, calls, proposal: calls.proposals[0] };
}

const ask = (context: ImproverContextFacts, text = "Please propose a change.") => turn(context, [{ role: "user", content: text }]);

async function proposeThenReject(context: ImproverContextFacts, reason: string) {
  const first = await ask(context);
  const messages: ModelMessage[] = [{ role: "user", content: "Please propose a change." }, ...first.result.response.messages, { role: "user", content: rejectionMessage(reason) }];
  return { first, second: await turn(context, messages, { kind: "rejection", reason }) };
}

describe("built-in improver: edits the directives from people's words", () => {
  it("revises a clause in place and cites the words behind the change", async () => {
    const { proposal, result, calls } = await ask(facts(TOO_LONG));
    expect(proposal!.directives).toBe(HEAD.replace("at most 8 items", "at most 5 items"));
    expect(proposal!.rationale).toBe(
      'Changes "Keep checklists to at most 8 items" to "Keep checklists to at most 5 items": 3 rejections and 1 feedback item said the checklist was too long: “Way too many steps”; “12 items for a password reset”.',
    );
    expect(proposal!.confidence).toBe(0.85);
    // A change people asked for by rejecting proposals predicts acceptance up; three similar rejections back it (0.65).
    expect(calls.notes).toEqual([
      {
        kind: "hypothesis",
        content: 'If agents follow "Keep checklists to at most 5 items", complaints that the checklist was too long should drop next week.',
        prediction: { metric: "acceptance", direction: "increase", size: 5, probability: 0.65, checkAfterDays: 7 },
      },
    ]);
    expect(result.text).toMatch(/^I proposed v5 \(confidence 0\.85\) and recorded a hypothesis note: it changes "Keep checklists to at most 8 items" to "Keep checklists to at most 5 items"\./);
  });

  it("adds new clauses at the end of the bullet list, leaves other lines where they are, and adds no heading", async () => {
    const { proposal } = await ask(
      facts({
        observations: ["[Acme, agent ck1] Sam: no idea where 3 hours comes from", "[Acme, agent ck1] The customer asked what SLA means. Too much jargon."],
        decisions: ['"don\'t mark it done, we decide that" (propose_status) ×2'],
      }),
    );
    const lines = proposal!.directives.split("\n");
    expect(lines.slice(3, 8)).toEqual([
      "- Start every checklist with a reproduction step.",
      "- Keep checklists to at most 8 items.",
      "- Never propose a status change.",
      "- Give every estimate a one-line rationale.",
      "- Use plain words in reports: no jargon.",
    ]);
    expect(lines.slice(-2)).toEqual(["## Reports", "Write the report for the ticket owner. Sign with the team name."]);
    expect(proposal!.directives).not.toMatch(/## Improvements/);
    // Two rejections and two observations: fewer than three backing each change, so a draft.
    expect(proposal!.confidence).toBe(0.6);
    expect(proposal!.rationale).toMatch(/^Adds "Never propose a status change": 2 rejections said status is for people to decide: “don't mark it done, we decide that”\. Adds "Give every estimate a one-line rationale": 1 observation said estimates came without a reason: “Sam: no idea where 3 hours comes from”\./);
  });

  it("raises a limit people now find too short", async () => {
    const { proposal } = await ask(facts({ directives: HEAD.replace("8 items", "3 items"), decisions: ['"The checklist is too short, it missed the rollback step" (propose_checklist_items) ×3'] }));
    expect(readDirectives(proposal!.directives).checklist.maxItems).toBe(5);
    expect(proposal!.directives.split("\n")).toHaveLength(HEAD.split("\n").length);
  });

  it("keeps a clause people praise: no change, and the rationale says why it stays", async () => {
    const context = facts({
      directives: HEAD.replace("8 items", "5 items"),
      positive: [{ category: "prioritization", count: 4, example: "Great checklist, short and clear" }],
      observations: ["[Beta, agent ck1] Love the short checklists, spot on", "[Beta, agent ck1] The checklist was too long for a typo fix", "[Beta, agent ck1] you forgot the security implications"],
      negative: [{ category: "accuracy", count: 4, example: "The estimate was off by two days" }],
    });
    const { proposal } = await ask(context);
    expect(readDirectives(proposal!.directives).checklist.maxItems).toBe(5);
    expect(proposal!.rationale).toMatch(/Keeps "Keep checklists to at most 5 items": 1 feedback item and 1 observation said the short checklists work: “Great checklist, short and clear”; “Love the short checklists, spot on”\./);
    expect(proposal!.directives).toMatch(/- Add a Risks section when the task touches security\./);
    // A complaint no clause answers gets no canned filler clause.
    expect(proposal!.directives).not.toMatch(/Double-check every number/);
  });

  it("proposes nothing when no written feedback and no decision calls for a clause", async () => {
    const { proposal, result } = await ask(facts({ negative: [{ category: "accuracy", count: 6, example: "The estimate was off by two days" }] }));
    expect(proposal).toBeUndefined();
    expect(result.steps[0]!.text).toMatch(/No change is backed by the feedback or by people's decisions/);
  });

  it("keeps old '## Improvements (vN)' headings and adds under the last list without a new heading", async () => {
    const directives = `${HEAD}\n\n## Improvements (v3)\n- Double-check every number.`;
    const { proposal } = await ask(facts({ directives, observations: ["[Acme, agent ck1] you forgot the security implications"] }));
    expect(proposal!.directives).toBe(`${directives}\n- Add a Risks section when the task touches security.`);
  });

  it("a person's own request about a clause is applied the same way", async () => {
    const { proposal, result } = await ask(facts({}), "Checklists should have at most 6 items, and answer in German please.");
    expect(proposal!.directives).toBe(HEAD.replace("at most 8 items.", "at most 6 items.\n- Write in German."));
    expect(proposal!.rationale).toMatch(/^Changes "Keep checklists to at most 8 items" to "Keep checklists to at most 6 items": you said the checklist should have at most 6 items: “Checklists should have at most 6 items, and answer in German please”\./);
    expect(result.steps[0]!.text).toMatch(/^I'm proposing v5 with "Keep checklists to at most 8 items" revised to "Keep checklists to at most 6 items" \(you\) and a new clause "Write in German" \(you\)\./);
  });

  it("a follow-up request builds on the proposal under discussion, in-place edits included", async () => {
    const context = facts(TOO_LONG);
    const first = await ask(context);
    const messages: ModelMessage[] = [{ role: "user", content: "Please propose a change." }, ...first.result.response.messages, { role: "user", content: "Also, in German please." }];
    const { proposal } = await turn(context, messages);
    expect(proposal!.directives).toBe(`${first.proposal!.directives.replace("at most 5 items.", "at most 5 items.\n- Write in German.")}`);
  });

  it("the ritual's JSON answer edits the directives the same way", async () => {
    const schema = z.object({ summary: z.string(), proposals: z.array(ProposeDirectivesInput) });
    const { output } = await generateText({
      model: new BuiltinLanguageModel("improver"),
      providerOptions: improverProviderOptions({ context: facts(TOO_LONG), turn: { kind: "ritual-proposal" } }),
      prompt: "Weekly ritual, proposal.",
      output: Output.object({ schema }),
    });
    expect(output.proposals[0]!.directives).toBe(HEAD.replace("at most 8 items", "at most 5 items"));
  });
});

describe("built-in improver: a rejection's reason is feedback too", () => {
  it("'5 is too few, make it 7' → at most 7, in place", async () => {
    const { second } = await proposeThenReject(facts(TOO_LONG), "5 is too few, make it 7");
    expect(second.proposal!.directives).toBe(HEAD.replace("at most 8 items", "at most 7 items"));
    expect(second.result.steps[0]!.text).toBe('Understood: this revision changes "Keep checklists to at most 5 items" to "Keep checklists to at most 7 items". Here it is again as v5.');
    expect(second.proposal!.rationale).toMatch(/Revised after your rejection \("5 is too few, make it 7"\): this revision changes "Keep checklists to at most 5 items" to "Keep checklists to at most 7 items"; the rest is unchanged\.$/);
    expect(second.calls.notes).toEqual([expect.objectContaining({ kind: "decision" })]);
  });

  it("a reason naming a clause removes it; a reason about the proposal keeps only one change", async () => {
    const context = facts({ ...TOO_LONG, observations: ["[Acme, agent ck1] estimate without any explanation", "[Acme, agent ck1] Too much jargon in the report"] });
    const dropped = await proposeThenReject(context, "Drop the rationale line, nobody reads it");
    expect(dropped.first.proposal!.directives).toMatch(/one-line rationale/);
    expect(dropped.second.proposal!.directives).toBe(dropped.first.proposal!.directives.replace("\n- Give every estimate a one-line rationale.", ""));
    const shorter = await proposeThenReject(context, "Too many changes at once, keep only the checklist one.");
    expect(shorter.second.proposal!.directives).toBe(HEAD.replace("at most 8 items", "at most 5 items"));
  });

  it("'leave the limit at 8' takes the only change back: nothing is left to propose, so it asks", async () => {
    const { second } = await proposeThenReject(facts(TOO_LONG), "No, leave the checklist limit at 8");
    expect(second.proposal).toBeUndefined();
    expect(second.result.steps[0]!.text).toMatch(/^Understood\. With that, nothing is left of the proposal/);
    expect(second.calls.notes).toEqual([expect.objectContaining({ kind: "decision", content: expect.stringMatching(/asked which part to change/) })]);
  });

  it("'leave the limit at 8' with other changes in the proposal takes back only that one", async () => {
    const context = facts({ ...TOO_LONG, observations: ["[Acme, agent ck1] in German please"] });
    const { second } = await proposeThenReject(context, "No, leave the checklist limit at 8");
    expect(second.proposal!.directives).toBe(HEAD.replace("at most 8 items.", "at most 8 items.\n- Write in German."));
  });

  it("a ritual's revision sees the rejected proposal in its turn (no conversation shows it) and keeps only the one change asked for", async () => {
    const context = facts({ ...TOO_LONG, observations: ["[Acme, agent ck1] estimate without any explanation", "[Acme, agent ck1] in German please"] });
    const first = await ask(context);
    expect(first.proposal!.directives).toMatch(/one-line rationale[\s\S]*German/);
    const reason = "Too many changes at once, keep only the checklist one.";
    // As the ritual asks: one user message, the rejected proposal in the turn's data.
    const second = await turn(context, [{ role: "user", content: rejectionMessage(reason) }], { kind: "rejection", reason, rejected: first.proposal! });
    expect(second.proposal!.directives).toBe(HEAD.replace("at most 8 items", "at most 5 items"));
  });

  it("doubt about the improver's certainty is no rule for the agents: the same change, stood behind", async () => {
    const { first, second } = await proposeThenReject(facts(TOO_LONG), "You don't sound sure about this.");
    expect(second.proposal!.directives).toBe(first.proposal!.directives);
    expect(second.proposal!.directives).not.toMatch(/sound sure|Keep this in mind/);
    expect(second.proposal!.confidence).toBeGreaterThanOrEqual(0.8);
  });
});

describe("built-in improver: open preference conflicts", () => {
  it("leaves the clauses of a tool reviewers disagree on alone, whatever the feedback says", async () => {
    const { proposal } = await ask({ ...facts(TOO_LONG), frozenTools: ["propose_checklist_items"] });
    expect(proposal?.directives ?? HEAD).toContain("Keep checklists to at most 8 items.");
    expect(proposal?.rationale ?? "").not.toMatch(/at most 5 items/);
  });

  it("still changes them when a person asks in the chat", async () => {
    const { proposal } = await ask({ ...facts(TOO_LONG), frozenTools: ["propose_checklist_items"] }, "Keep checklists to at most 5 items.");
    expect(readDirectives(proposal!.directives).checklist.maxItems).toBe(5);
  });

  it("changes the tool's clauses again once no conflict is open", async () => {
    const { proposal } = await ask({ ...facts(TOO_LONG), frozenTools: [] });
    expect(readDirectives(proposal!.directives).checklist.maxItems).toBe(5);
  });
});
