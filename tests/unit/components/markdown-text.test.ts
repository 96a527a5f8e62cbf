import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownText } from "@/components/markdown-text";

// An agent's report is Markdown: the run and agent pages show it formatted, and what an agent wrote
// (shaped by the tickets it read) cannot run script, link to script, or load a remote image.

const html = (text: string) => renderToStaticMarkup(createElement(MarkdownText, { text }));

describe("MarkdownText", () => {
  it("formats headings, emphasis, lists and quotes instead of showing their marks", () => {
    const out = html("## Triage — #4812\n\n**Area:** Data export\n\n- **Impact:** Enterprise\n- Next step\n\n> Hello, thanks for the details.");
    expect(out).toContain("<h2>Triage — #4812</h2>");
    expect(out).toContain("<strong>Area:</strong> Data export");
    expect(out).toMatch(/<ul>\s*<li><strong>Impact:<\/strong> Enterprise<\/li>\s*<li>Next step<\/li>\s*<\/ul>/);
    expect(out).toMatch(/<blockquote>\s*<p>Hello, thanks for the details.<\/p>\s*<\/blockquote>/);
    expect(out).not.toContain("**");
    expect(out).not.toContain("## ");
  });

  it("shows raw HTML as text, never as markup", () => {
    const out = html('Before <script>alert(1)</script> <img src=x onerror="alert(2)"> after');
    expect(out).not.toMatch(/<script|<img/i);
    expect(out).toContain("Before");
    expect(out).toContain("after");
  });

  it("drops javascript: links and images; a web link opens in a new tab without opener or referrer", () => {
    const out = html("[run me](javascript:alert(1)) ![pixel](https://tracker.example/p.png) [the article](https://kb.example/311)");
    expect(out).not.toContain("javascript:");
    expect(out).not.toContain("<img");
    expect(out).not.toContain("tracker.example");
    expect(out).toContain('<a href="https://kb.example/311" target="_blank" rel="noopener noreferrer nofollow"');
  });

  it("renders the same text alike on every call (the parsed tree is remembered per text)", () => {
    const text = "### Open questions\n\n- Do we offer a credit?";
    expect(html(text)).toBe(html(text));
    expect(html(`${text}\n- Or only an explanation?`)).toContain("Or only an explanation?");
  });
});
