import { describe, expect, it } from "vitest";
import { redactSecrets } from "@/server/logger";

describe("log lines never carry a secret", () => {
  it.each([
    ['{"error":"Incorrect API key provided: sk-proj-abcdEFGH1234567890"}', '{"error":"Incorrect API key provided: sk-[redacted]"}'],
    ["Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig", "Authorization: Bearer [redacted]"],
    ['{"message":"key=AIzaSyA1234567890abcdefghijklmnop"}', '{"message":"key=AIza[redacted]"}'],
    [JSON.stringify({ cause: JSON.stringify({ api_key: "supersecretvalue", password: "hunter22" }) }), JSON.stringify({ cause: JSON.stringify({ api_key: "[redacted]", password: "[redacted]" }) })],
    ['{"apiKey":"abc123def456"}', '{"apiKey":"[redacted]"}'],
  ])("%s", (line, expected) => expect(redactSecrets(line)).toBe(expected));

  it("leaves ordinary lines alone", () => {
    const line = JSON.stringify({ level: "info", message: "wake: run succeeded", runId: "cmwu4q9f6000hon7d1qtd7jhn", task: "sk-ills review" });
    expect(redactSecrets(line)).toBe(line);
  });
});
