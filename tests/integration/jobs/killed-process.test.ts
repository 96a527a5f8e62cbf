import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { eventType } from "inngest";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { inngest } from "@/inngest/client";
import { db } from "@/server/db";
import { uid } from "../../factories";
import { executorsForThisFile, testId, until } from "./harness";

// Two app processes on one database, for real: a child process (tests/support/executor-child.ts)
// executes a run, completes its first step and is killed with SIGKILL inside the second. This
// process's executor takes the run over once the lease has expired: the step that was in flight
// runs again here, the completed one does not.

const event = eventType("test/killed-process", { schema: z.object({ n: z.number() }) });

function startChild(env: Record<string, string>) {
  // tsx resolves the "@/" paths; the register hook stubs "server-only" as the tests' alias does.
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/lib/server-only/register.mjs", "tests/support/executor-child.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const messages: Record<string, unknown>[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    if (line.startsWith("@@child ")) messages.push(JSON.parse(line.slice(8)));
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += String(d)));
  return { child, messages, stderr: () => stderr };
}

describe("a killed app process", () => {
  const newExecutor = executorsForThisFile();
  let child: ChildProcess | undefined;
  afterEach(() => void child?.kill("SIGKILL"));

  it("loses its run to another process after its lease; completed steps are not run again", async () => {
    const functionId = testId("killed");
    const namespace = `t${uid()}`;
    const started = startChild({ EXECUTOR_FUNCTION_ID: functionId, EXECUTOR_NAMESPACE: namespace, DATABASE_URL: process.env.DATABASE_URL! });
    child = started.child;
    await until(() => started.messages.some((m) => m.ready), 60_000).catch((e) => {
      throw new Error(`${e.message}: ${started.stderr()}`);
    });

    const calls: string[] = [];
    const survivorFn = inngest.createFunction({ id: functionId, triggers: [event] }, async ({ step }) => {
      await step.run("before", async () => void calls.push("before"));
      await step.run("slow", async () => void calls.push("slow"));
      await step.run("after", async () => void calls.push("after"));
      return "done";
    });
    // The survivor only sends at first, so the child is the one that picks the run up.
    const survivor = await newExecutor({ functions: [survivorFn], namespace, work: false });
    await survivor.dispatch([{ name: event.name, data: { n: 1 } }]);
    await until(() => started.messages.some((m) => m.step === "slow"), 30_000);
    const owner = started.messages.find((m) => m.ready)!.owner;
    expect(await db.functionRun.findFirstOrThrow({ where: { functionId } })).toMatchObject({ status: "running", leaseOwner: owner });

    child.kill("SIGKILL");
    await new Promise((r) => child!.once("exit", r));

    // Nobody renews the lease now: once it has expired, the sweep hands the run on.
    await until(async () => ((await db.functionRun.findFirstOrThrow({ where: { functionId } })).leaseUntil?.getTime() ?? 0) < Date.now(), 10_000);
    await survivor.sweep();
    await survivor.drain();
    expect(await db.functionRun.findFirstOrThrow({ where: { functionId } })).toMatchObject({ status: "completed", output: "done" });
    expect(started.messages.filter((m) => m.step === "before")).toHaveLength(1);
    expect(calls).toEqual(["slow", "after"]);
  });
});
