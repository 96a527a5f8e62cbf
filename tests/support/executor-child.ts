// A second app process for tests/integration/jobs/killed-process.test.ts: a local executor working
// the queue of EXECUTOR_NAMESPACE on DATABASE_URL with a short lease, whose function (id
// EXECUTOR_FUNCTION_ID) hangs in its second step — the test kills this process there. It reports
// on stdout, one JSON line per event, prefixed with "@@child ".
import { eventType } from "inngest";
import { z } from "zod";
import { inngest } from "@/inngest/client";
import { createLocalExecutor } from "@/inngest/local/executor";

const say = (m: object) => process.stdout.write(`@@child ${JSON.stringify(m)}\n`);
const event = eventType("test/killed-process", { schema: z.object({ n: z.number() }) });

const fn = inngest.createFunction({ id: process.env.EXECUTOR_FUNCTION_ID!, triggers: [event] }, async ({ step }) => {
  await step.run("before", async () => void say({ step: "before" }));
  await step.run("slow", async () => {
    say({ step: "slow" });
    await new Promise(() => {}); // never returns: the process is killed here
  });
  return "unreachable";
});

const executor = createLocalExecutor({ functions: [fn], connectionString: process.env.DATABASE_URL!, namespace: process.env.EXECUTOR_NAMESPACE!, leaseMs: 2_000, pollingIntervalSeconds: 0.5 });
await executor.start();
say({ ready: true, owner: executor.owner });
