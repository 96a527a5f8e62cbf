import { describe, expect, it } from "vitest";
import { judgeChangePrompt, JudgementSchema, type ProposalSeen } from "@/ai/prompts/judge-change";
import { builtinModel } from "@/ai/providers/builtin";
import { generateStructured } from "@/ai/structured";

// The built-in evaluator judges whether a proposal, made differently after new directives, addresses
// the reason a person rejected the original with — through the AI SDK with the judge's prompt, as
// the replay check asks it.

const checklist = (n: number, first = "Check the logs"): ProposalSeen => ({
  tool: "propose_checklist_items",
  args: { items: [first, ...["Reproduce the error on staging", "Write the fix", "Review the fix", "Deploy", "Tell the customer", "Update the runbook", "Close the ticket"].slice(0, n - 1)] },
  summary: `Add ${n} checklist items`,
});
const estimate = (minutes: number, rationale?: string): ProposalSeen => ({ tool: "propose_estimate", args: { minutes }, summary: `Estimate ${minutes} min${rationale ? `: ${rationale}` : ""}` });
const status = (to: string): ProposalSeen => ({ tool: "propose_status", args: { status: to }, summary: `Mark the task ${to}: work has started` });

async function judge(reason: string, before: ProposalSeen, after: ProposalSeen) {
  const { output } = await generateStructured({ model: builtinModel("evaluator"), ...judgeChangePrompt({ reason, before, after }), schema: JudgementSchema });
  return output;
}

describe("the built-in evaluator's judgement of a changed proposal", () => {
  it.each([
    ["Way too many steps: no more than 4 checklist items, please.", checklist(7), checklist(4), true],
    ["Way too many steps: no more than 4 checklist items, please.", checklist(7), checklist(5), false],
    ["Way too many steps.", checklist(7), checklist(8), false],
    ["Too short, it left out the rollback.", checklist(3), checklist(5), true],
    ["Put the blocking steps first: reproduce it before anything else.", checklist(5), checklist(5, "Reproduce the error for the customer"), true],
    ["Why 47 minutes? Give every estimate a rationale.", estimate(47), estimate(45, "about 2 steps of work at 15 min each, plus 15 min to read up."), true],
    ["An estimate without a reason is no use: explain every estimate in one line.", estimate(60), estimate(90), false],
    ["47 minutes is false precision. Round estimates to the nearest 30 minutes.", estimate(47), estimate(60), true],
    ["47 minutes is false precision. Round estimates to the nearest 30 minutes.", estimate(47), estimate(45), false],
    ["A single number for a risky migration is misleading.", estimate(120), estimate(240, "120–240 min: it touches billing."), true],
    ["Never propose a status change. We set the status ourselves.", status("done"), status("in_progress"), false],
    ["no.", checklist(7), checklist(3), false],
  ])("case %#: %s", async (reason, before, after, addresses) => {
    const answer = await judge(reason, before, after);
    expect(answer.addresses).toBe(addresses);
    expect(answer.why.length).toBeGreaterThan(10);
  });

  it("says why in words a person reads, not clause ids", async () => {
    expect(await judge("Way too many steps.", checklist(7), checklist(3))).toEqual({ addresses: true, why: "The new proposal changes what the reason asked for: the checklist's length." });
    expect((await judge("no.", checklist(7), checklist(3))).why).toMatch(/asks for nothing the built-in evaluator can check/);
  });
});
