import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Input, Textarea } from "@/components/ui/field";
import { TEXT_LIMITS } from "@/lib/text-limits";

// A field whose text has a limit stops typing at it (maxlength) and counts near it: the page
// never accepts what the server will refuse.

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name)) : d.name.endsWith(".tsx") ? [path.join(dir, d.name)] : []));

describe("length limits on the controls", () => {
  it("renders maxlength, and the counter from 80% of the limit", () => {
    const html = (value: string) => renderToStaticMarkup(createElement(Input, { id: "t", limit: 200, value, onChange: () => {} }));
    expect(html("short")).toContain('maxLength="200"');
    expect(html("x".repeat(159))).not.toContain("/ 200 characters");
    expect(html("x".repeat(160))).toContain("160 / 200 characters");
    const area = renderToStaticMarkup(createElement(Textarea, { id: "d", limit: 10_000, value: "y".repeat(9_999), onChange: () => {} }));
    expect(area).toContain('maxLength="10000"');
    expect(area).toContain("9,999 / 10,000 characters");
  });

  it("every field that states a limit (Field limit=…, LimitHint) has a control that enforces the same one", () => {
    const unenforced: string[] = [];
    for (const file of files("src")) {
      const source = readFileSync(file, "utf8");
      const stated = [...source.matchAll(/(?:<Field\b[^>]*\blimit|<LimitHint\b[^>]*\blimit)=\{TEXT_LIMITS\.(\w+)\}/g)].map((m) => m[1]);
      const enforced = new Set([...source.matchAll(/<(?:Input|Textarea|textarea|input)\b[^>]*?\b(?:limit|maxLength)=\{TEXT_LIMITS\.(\w+)\}/gs)].map((m) => m[1]));
      for (const key of stated) if (!enforced.has(key)) unenforced.push(`${file}: TEXT_LIMITS.${key}`);
    }
    expect(unenforced).toEqual([]);
  });

  it("every limit is used by a form", () => {
    const sources = files("src").map((f) => readFileSync(f, "utf8")).join("\n");
    const unused = Object.keys(TEXT_LIMITS).filter((key) => !new RegExp(`(?:limit|maxLength)=\\{TEXT_LIMITS\\.${key}\\}`).test(sources));
    expect(unused).toEqual([]);
  });
});
