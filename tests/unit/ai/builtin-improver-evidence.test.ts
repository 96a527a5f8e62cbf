import { describe, expect, it } from "vitest";
import { improverInput } from "@/ai/providers/builtin/improve-context";
import { feedbackTexts } from "@/ai/providers/builtin/improve-evidence";
import type { FeedbackSummary } from "@/features/feedback/server/summarize-feedback";
import { assembleImproverContext, type ImproverContextData } from "@/features/one-on-one/server/context";

// The built-in improver reads people's words from the context data the one-on-one builds
// (assembleImproverContext(…).facts): this pins the line formats it parses to the real builder.

const day = new Date("2026-11-20T09:00:00Z");

const feedback: FeedbackSummary = {
  totals: { items: 12, negative: 9, positive: 3, neutral: 0 },
  byCategory: [
    { category: "prioritization", negative: 6, positive: 0, neutral: 0 },
    { category: "communication", negative: 3, positive: 3, neutral: 0 },
  ],
  patterns: [
    {
      category: "prioritization",
      sentiment: "negative",
      agentCount: 3,
      itemCount: 6,
      examples: [
        { itemId: "i1", agentId: "a1", sourceType: "reason", detail: "Way too many steps" },
        { itemId: "i2", agentId: "a2", sourceType: "observation", detail: 'Sam said "12 items for a password reset"; he removed half' },
        { itemId: "i3", agentId: "a3", sourceType: "decision", detail: "Rejected a proposed checklist (12 items)" },
      ],
    },
    { category: "communication", sentiment: "positive", agentCount: 3, itemCount: 3, examples: [{ itemId: "i4", agentId: "a1", sourceType: "observation", detail: "Great checklist, short and clear" }] },
  ],
};

const data: ImproverContextData = {
  template: { id: "tpl1", name: "Triage" },
  origin: "interactive",
  head: { number: 4, directives: "You triage tickets.\n- Keep checklists to at most 8 items." },
  versions: [],
  reports: [],
  observations: [{ agentId: "a1", agentName: "Acme, export", text: "The customer asked what SLA means.\nToo much jargon.", createdAt: day }],
  notes: [],
  metrics: null,
  feedback,
  decisions: {
    days: 30,
    byTool: [{ toolName: "propose_checklist_items", confirmed: 2, rejected: 4, deferred: 0, rejectionRate: 4 / 6 }],
    topRejectionReasons: [
      { reason: "Way too many steps", toolName: "propose_checklist_items", count: 3 },
      { reason: "No idea where 3 hours comes from", toolName: "propose_estimate", count: 1 },
    ],
    lastReplay: null,
    probations: [],
  },
  delta: { total: 0, capped: false, sinceCounter: 0, lastSessionAt: null },
};

describe("the improver's written feedback, from the real context builder", () => {
  it("reads rejection reasons with their counts and tools, pattern and category examples with their sentiment, and observations; signals are left out", () => {
    const { facts } = assembleImproverContext(data);
    const texts = feedbackTexts(improverInput({ context: facts, turn: { kind: "message" } }).context);
    expect(texts).toEqual([
      { text: "Way too many steps", count: 3, source: "rejection", sentiment: "negative", category: "prioritization", about: ["checklist.maxItems", "checklist.blockingFirst"] },
      { text: "No idea where 3 hours comes from", count: 1, source: "rejection", sentiment: "negative", about: ["estimate.rationale", "estimate.roundTo", "estimate.rangeForRisky"] },
      { text: 'Sam said "12 items for a password reset"; he removed half', count: 1, source: "feedback", sentiment: "negative", category: "prioritization" },
      { text: "Great checklist, short and clear", count: 1, source: "feedback", sentiment: "positive", category: "communication" },
      { text: "The customer asked what SLA means. Too much jargon.", count: 1, source: "observation", sentiment: null },
    ]);
  });
});
