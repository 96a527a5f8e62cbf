import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { afterEach, describe, expect, it } from "vitest";
import { partsStream } from "@/ai/providers/builtin/stream";

// AI_BUILTIN_STREAM_HOLD_FILE: a test holds the built-in model's answer in the middle for as long
// as it needs (a reload while the improver answers), instead of hoping the answer is slower than
// the machine.

const parts: LanguageModelV3StreamPart[] = ["a ", "b ", "c ", "d ", "e"].map((delta) => ({ type: "text-delta", id: "t", delta }));
const dir = mkdtempSync(path.join(tmpdir(), "stream-hold-"));
const hold = path.join(dir, "hold");
afterEach(() => rmSync(hold, { force: true }));

/** The next part, or "waiting" when none arrives within `ms`. */
const next = (reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart>, ms = 300) =>
  Promise.race([reader.read(), new Promise<"waiting">((r) => setTimeout(() => r("waiting"), ms))]);

describe("the built-in model's stream hold", () => {
  it("emits as many parts as the file says, waits while it exists, and goes on when it is removed", async () => {
    writeFileSync(hold, "2");
    const reader = partsStream(parts, 0, undefined, hold).getReader();
    expect(await next(reader)).toEqual({ done: false, value: parts[0] });
    expect(await next(reader)).toEqual({ done: false, value: parts[1] });
    const third = reader.read();
    expect(await Promise.race([third, new Promise((r) => setTimeout(() => r("waiting"), 300))])).toBe("waiting");
    rmSync(hold);
    const rest = [(await third).value];
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest.push(r.value);
    expect(rest).toEqual(parts.slice(2));
  });

  it("without the file, or without a hold file set, streams everything", async () => {
    for (const file of [hold, undefined]) {
      const reader = partsStream(parts, 0, undefined, file).getReader();
      let n = 0;
      for (let r = await reader.read(); !r.done; r = await reader.read()) n++;
      expect(n).toBe(parts.length);
    }
  });

  it("a stopped answer ends while held", async () => {
    writeFileSync(hold, "1");
    const abort = new AbortController();
    const reader = partsStream(parts, 0, abort.signal, hold).getReader();
    expect((await reader.read()).value).toEqual(parts[0]);
    const pending = reader.read();
    abort.abort(new Error("stopped by the person"));
    await expect(pending).rejects.toThrow("stopped by the person");
  });
});
