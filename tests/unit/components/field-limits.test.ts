import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { TEXT_LIMITS } from "@/lib/text-limits";

// Every text field people type into carries its schema's length limit, from the same constant
// (TEXT_LIMITS): `limit={TEXT_LIMITS.x}` on Input / Textarea / CountedInput (the field stops typing
// there and counts near it), or `maxLength={TEXT_LIMITS.x}` beside a CharacterCount on a bare
// textarea. Read from the source, so a new form without its limit fails here.

const ROOT = join(__dirname, "../../..");
const SRC = join(ROOT, "src");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : files(path);
    return e.name.endsWith(".tsx") ? [path] : [];
  });
}

/** Types that are not typed text: no length limit to carry. */
const NOT_TEXT = /\btype=["'{](checkbox|radio|hidden|date|number|range|file)\b/;
const CONTROL = /<(Input|Textarea|CountedInput|input|textarea)\b([\s\S]*?)\/>/g;
const UI = ["components/ui/field.tsx", "components/ui/character-count.tsx"];

const controls = files(SRC)
  .filter((f) => !UI.some((u) => f.endsWith(u)))
  .flatMap((file) => {
    const source = readFileSync(file, "utf8");
    return [...source.matchAll(CONTROL)].map((m) => ({ file: relative(ROOT, file), tag: m[1]!, attrs: m[2]!, source }));
  })
  .filter((c) => !NOT_TEXT.test(c.attrs));

const limitOf = (attrs: string) => /\b(?:limit|maxLength)=\{TEXT_LIMITS\.(\w+)\}/.exec(attrs)?.[1] ?? null;

describe("text fields carry their limit", () => {
  it("finds the forms' text fields", () => {
    expect(controls.length).toBeGreaterThanOrEqual(20);
  });

  it.each(controls.map((c) => [`${c.file} <${c.tag}${/id=\{?["']?([\w.-]+)/.exec(c.attrs)?.[1] ? ` #${/id=\{?["']?([\w.-]+)/.exec(c.attrs)![1]}` : ""}>`, c] as const))("%s", (_, c) => {
    const key = limitOf(c.attrs);
    expect(key, "no limit={TEXT_LIMITS.…}").not.toBeNull();
    expect(Object.keys(TEXT_LIMITS)).toContain(key);
    if (c.tag === "input" || c.tag === "textarea") {
      // A bare control sets maxLength itself and shows the counter beside it.
      expect(c.attrs).toMatch(/maxLength=\{TEXT_LIMITS\./);
      expect(c.source).toMatch(/<CharacterCount\b/);
    } else {
      expect(c.attrs, "limit, not maxLength: the counter comes with it").toMatch(/\blimit=\{TEXT_LIMITS\./);
    }
  });

  it("every limit is a field's and a schema's", () => {
    const schemas = files(SRC).length ? readAll(SRC, ".ts") : "";
    const used = new Set(controls.map((c) => limitOf(c.attrs)));
    for (const key of Object.keys(TEXT_LIMITS)) {
      expect(used, `no field carries TEXT_LIMITS.${key}`).toContain(key);
      expect(schemas, `no schema's .max uses TEXT_LIMITS.${key}`).toMatch(new RegExp(`\\.max\\(TEXT_LIMITS\\.${key}\\b`));
    }
  });
});

function readAll(dir: string, ext: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return e.name === "generated" ? [] : [readAll(path, ext)];
      return e.name.endsWith(ext) ? [readFileSync(path, "utf8")] : [];
    })
    .join("\n");
}
