import { describe, expect, it } from "vitest";
import { agentNameBesideTask, shortAgentName, taskAgentName } from "@/features/agents/names";

// The Instances table shows the task beside each agent: an agent named after its task reads as a short id.

describe("agentNameBesideTask", () => {
  const agentId = "cm3k9x2a7000108l4abc123";

  it("gives a task's agent a short id instead of its task's title again", () => {
    expect(agentNameBesideTask({ agentId, displayName: taskAgentName("Reply to the renewal thread"), taskTitle: "Reply to the renewal thread" })).toBe("Agent abc123");
    expect(agentNameBesideTask({ agentId, displayName: "Planner · Plan the 4.2 release", taskTitle: "Plan the 4.2 release" })).toBe("Agent abc123");
    expect(agentNameBesideTask({ agentId, displayName: "Plan the 4.2 release", taskTitle: "Plan the 4.2 release" })).toBe("Agent abc123");
    expect(agentNameBesideTask({ agentId, displayName: "EU · Planner · Plan the 4.2 release", taskTitle: "Plan the 4.2 release" })).toBe("Agent abc123");
    expect(agentNameBesideTask({ agentId, displayName: "Planner · Release · Notes", taskTitle: "Release · Notes" })).toBe("Agent abc123");
    const long = "x".repeat(150);
    expect(agentNameBesideTask({ agentId, displayName: taskAgentName(long), taskTitle: long })).toBe(shortAgentName(agentId));
  });

  it("also when the name holds the title shortened, marked or not", () => {
    const title = "Scheduled reports are sent one hour late after the DST change in Europe";
    expect(agentNameBesideTask({ agentId, displayName: "Triage · Scheduled reports are sent one hour late after the DST chan…", taskTitle: title })).toBe("Agent abc123");
    expect(agentNameBesideTask({ agentId, displayName: "Triage · Scheduled reports are sent one hour late...", taskTitle: title })).toBe("Agent abc123");
    expect(agentNameBesideTask({ agentId, displayName: "Scheduled reports are sent one hour late after", taskTitle: title })).toBe("Agent abc123");
    // Too little of it to be the title, or another title that starts alike: the agent's own name.
    expect(agentNameBesideTask({ agentId, displayName: "Triage · Sched…", taskTitle: title })).toBe("Triage · Sched…");
    expect(agentNameBesideTask({ agentId, displayName: "Triage · Scheduled reports are late…", taskTitle: title })).toBe("Triage · Scheduled reports are late…");
  });

  it("keeps an agent's own name", () => {
    expect(agentNameBesideTask({ agentId, displayName: "Triage bot (EU)", taskTitle: "Plan the 4.2 release" })).toBe("Triage bot (EU)");
    expect(agentNameBesideTask({ agentId, displayName: "Agent · Old title", taskTitle: null })).toBe("Agent · Old title");
  });
});
