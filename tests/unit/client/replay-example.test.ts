import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { webhookHeaders } from "@/features/webhooks/server/signing";
import type { ReplayRequest } from "../../../packages/client/src";

// The runnable replay endpoint (examples/replay-endpoint.ts) as a process: it answers a signed
// replay request with what the example agent would do under those directives, and refuses an
// unsigned one.

const secret = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;
const child = spawn(process.execPath, ["--import", "tsx", "examples/replay-endpoint.ts"], { env: { ...process.env, AGENT_COACH_REPLAY_SECRET: secret, PORT: "0" } });
const url = new Promise<string>((resolve, reject) => {
  let out = "";
  child.stdout.on("data", (c) => {
    out += c;
    const line = out.split("\n").find((l) => l.startsWith("{"));
    if (line) resolve((JSON.parse(line) as { url: string }).url);
  });
  child.on("exit", (code) => reject(new Error(`the example exited (${code})`)));
});
afterAll(() => void child.kill("SIGTERM"));

describe("examples/replay-endpoint.ts", () => {
  it("plays a reported run again with the directives it is sent", async () => {
    const request: ReplayRequest = {
      type: "replay.run", checkId: "c1", proposalId: "p1", side: "candidate", directives: "Keep notes brief.",
      run: { id: "r1", externalId: null, agentId: "a1", startedAt: new Date().toISOString() },
      inputs: { ticket: { title: "Refund not received after 10 days", body: "Order 4411." } },
    };
    const body = JSON.stringify(request);
    const answer = await fetch(await url, { method: "POST", body, headers: { "content-type": "application/json", ...webhookHeaders({ id: "c1.r1.candidate", body, secret }) } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      proposals: [{ tool: "propose_estimate", args: { minutes: 20 }, summary: "About 20 minutes" }],
      observations: ["Money owed to the customer: answer today."],
    });
    expect((await fetch(await url, { method: "POST", body })).status).toBe(401);
  }, 30_000);
});
