import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { LiveStatus } from "@/features/runtime/server/queries";

// The live status on the agent and task pages, as first rendered: what a person sees while a run
// works is its phase in words, not only Idle / Queued.
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => {} }) }));
const { LiveRunStatus } = await import("@/features/runtime/components/live-run-status");

const render = (initial: Partial<LiveStatus>) =>
  renderToString(createElement(LiveRunStatus, { workspaceSlug: "acme", agentId: "agent-1", initial: { running: null, queued: null, starting: false, lastFinishedRunId: null, ...initial } }));
const running = (phase: string | null, iteration: number | null) => ({ running: { id: "run-1", phase, iteration, startedAt: new Date(0).toISOString() } });
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "").trim();

describe("the live status of a run", () => {
  it("names the phase the run is in, in words", () => {
    expect(text(render(running("executing", 1)))).toBe("Executing the task…");
    expect(text(render(running("evaluating", 1)))).toBe("Evaluating the result…");
    expect(text(render(running("refining", 2)))).toBe("Refining…· iteration 2");
    expect(text(render(running("evaluating", 2)))).toBe("Evaluating the result…· iteration 2");
    expect(text(render(running("saving", null)))).toBe("Saving the result…");
    expect(render(running("refining", 2))).toMatch(/role="status"[^>]*data-phase="refining"/);
  });

  it("says a run is starting before its first phase, and while the executor opens it", () => {
    expect(text(render(running(null, null)))).toBe("Starting…");
    expect(text(render({ starting: true }))).toBe("Starting…");
  });

  it("is Queued for a wake asked for, Idle otherwise", () => {
    expect(text(render({ queued: { startsAt: new Date(0).toISOString() } }))).toBe("Queued");
    expect(text(render({}))).toBe("Idle");
  });
});
