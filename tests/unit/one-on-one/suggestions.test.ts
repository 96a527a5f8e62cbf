import { describe, expect, it } from "vitest";
import { suggestQuestions } from "@/features/one-on-one/suggestions";

// The chat's empty state: first questions from the session's feedback, decisions and metrics.

const pair = (previous: number | null, current: number | null) => ({ previous, current });

describe("suggestQuestions", () => {
  it("asks about the most rejected tool, the top negative category, a pattern and the week's trend — at most four", () => {
    const questions = suggestQuestions({
      feedback: {
        byCategory: [
          { category: "tone", positive: 1, negative: 2 },
          { category: "accuracy", positive: 0, negative: 7 },
        ],
        patterns: [
          { category: "accuracy", sentiment: "negative", agentCount: 3 },
          { category: "timeliness", sentiment: "negative", agentCount: 4, capped: true },
        ],
      },
      decisions: { byTool: [{ toolName: "propose_status", confirmed: 9, rejected: 1 }, { toolName: "propose_estimate", confirmed: 2, rejected: 6 }] },
      metrics: { acceptance: pair(0.8, 0.6), quality: pair(0.7, 0.7) },
    });
    expect(questions).toEqual([
      "Why do people reject the proposed estimates?",
      "What is behind the negative feedback about accuracy?",
      // The accuracy pattern repeats the category above: the next one is asked about.
      "What do the 4+ agents with timeliness complaints have in common?",
      "Why did acceptance drop from 80% to 60% this week?",
    ]);
  });

  it("is deterministic on ties and falls back to general questions (three) with little data; a flat week asks nothing about it", () => {
    const input = {
      feedback: { byCategory: [{ category: "tone", positive: 0, negative: 2 }, { category: "format", positive: 0, negative: 2 }], patterns: [{ category: "format", sentiment: "positive", agentCount: 3 }] },
      decisions: { byTool: [{ toolName: "b_tool", confirmed: 0, rejected: 2 }, { toolName: "a_tool", confirmed: 0, rejected: 2 }] },
      metrics: { acceptance: pair(0.5, 0.52), quality: pair(0.6, 0.75) },
    };
    expect(suggestQuestions(input)).toEqual([
      "Why do people reject the a tool proposals?",
      "What is behind the negative feedback about format?",
      "What should we keep from the format praise across 3 agents?",
      "What made quality rise from 0.60 to 0.75 this week?",
    ]);
    expect(suggestQuestions(input)).toEqual(suggestQuestions(input));
    // Tools are named in words, never by their identifier (issue 36).
    for (const toolName of ["propose_checklist_items", "propose_status"]) {
      const [question] = suggestQuestions({ feedback: null, decisions: { byTool: [{ toolName, confirmed: 0, rejected: 3 }] }, metrics: null });
      expect(question).not.toMatch(/_/);
    }
    expect(suggestQuestions({ feedback: null, decisions: { byTool: [{ toolName: "propose_checklist_items", confirmed: 0, rejected: 3 }] }, metrics: null })[0]).toBe("Why do people reject the proposed checklists?");
    expect(suggestQuestions({ feedback: null, decisions: null, metrics: { acceptance: pair(null, 0.5), quality: pair(0.5, 0.52) } })).toEqual([
      "What should change first in the directives?",
      "What did people complain about most since the last session?",
      "Which directive do the agents follow least?",
    ]);
  });
});
