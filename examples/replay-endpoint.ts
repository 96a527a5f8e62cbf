// The replay endpoint of the example agent (support-agent.ts): Agent Coach's replay check sends it
// one of last week's runs — the `inputs` the agent reported with it — and the directives to play it
// with (the active ones, then the proposed ones), signed; it answers with what the agent would do.
// Set the URL and copy the signing secret under the template's Instances tab, "Where the agents run".
//
//   AGENT_COACH_REPLAY_SECRET=whsec_… PORT=8787 npx tsx examples/replay-endpoint.ts
//
// Prints one line with its URL when it listens.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { asNodeListener, serveReplay } from "../packages/client/src";
import { triage, type Ticket } from "./triage";

const secret = process.env.AGENT_COACH_REPLAY_SECRET;
if (!secret) {
  console.error("Set AGENT_COACH_REPLAY_SECRET (the template's Instances tab, “Where the agents run”).");
  process.exit(2);
}

const replay = serveReplay(
  ({ directives, inputs }) => {
    const result = triage(directives, inputs.ticket as Ticket);
    return {
      proposals: [{ tool: "propose_estimate", args: { minutes: result.estimateMinutes }, summary: `About ${result.estimateMinutes} minutes` }],
      observations: [result.note],
    };
  },
  { secret },
);

const server = createServer(asNodeListener(replay));
server.listen(Number(process.env.PORT ?? 8787), "127.0.0.1", () => {
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/replay` }));
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => server.close(() => process.exit(0)));
