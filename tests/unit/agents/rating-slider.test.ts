import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

// The server action is not called here: the test renders the HTML a browser shows before hydration.
vi.mock("@/features/agents/actions/rate-run", () => ({ rateRunAction: async () => ({ ok: true, data: { runId: "r", rating: 0 } }) }));
const { RatingRange, RatingSlider } = await import("@/features/agents/components/rating-slider");

const render = (initial: number | null) => renderToString(createElement(RatingSlider, { workspaceSlug: "acme", runId: "run-1", initial }));
const tag = (html: string, pattern: RegExp) => html.match(pattern)?.[0] ?? "";

describe("RatingSlider before it is interactive", () => {
  it("the slider and Save are disabled until hydrated: a move made then could not be saved, so none is accepted", () => {
    const html = render(null);
    const range = tag(html, /<input[^>]*type="range"[^>]*>/);
    expect(range).not.toBe("");
    expect(range).toMatch(/\sdisabled=""/);
    expect(tag(html, /<button[^>]*>/)).toMatch(/\sdisabled=""/);
  });

  it("every rating input (proposals, sessions too) is disabled until hydrated", () => {
    const html = renderToString(createElement(RatingRange, { value: 0.5, onChange: () => {}, "aria-label": "Rating" }));
    expect(tag(html, /<input[^>]*>/)).toMatch(/\sdisabled=""/);
  });

  it("a saved rating names its value", () => {
    const html = render(0.7);
    expect(html).toContain("Saved 0.70");
  });
});
