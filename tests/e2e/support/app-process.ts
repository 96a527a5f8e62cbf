import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

// An app process a spec starts itself, beside the suite's server: the standalone production server
// (scripts/standalone.mjs) on `port`, on the suite's database, without SMTP. Its output is kept for
// a failure's post-mortem.

export type AppProcess = { proc: ChildProcess; port: number; output: string };

export function startAppProcess(port: number, env: Record<string, string> = {}): AppProcess {
  const base = `http://localhost:${port}`;
  const proc = spawn(process.execPath, ["scripts/standalone.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: process.env.DATABASE_URL ?? "",
      APP_URL: base,
      AUTH_URL: base,
      AUTH_SECRET: "e2e-secret-0123456789abcdef0123456789abcdef",
      AUTH_TRUST_HOST: "true",
      SMTP_URL: "",
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const server: AppProcess = { proc, port, output: "" };
  proc.stdout!.on("data", (c) => (server.output += c));
  proc.stderr!.on("data", (c) => (server.output += c));
  return server;
}

/** Writes its output to test-results/<name>.log, then stops it if still running (SIGTERM, at most 30 s). */
export async function stopAppProcess(server: AppProcess, name: string): Promise<void> {
  mkdirSync("test-results", { recursive: true });
  writeFileSync(`test-results/${name}.log`, server.output);
  const { proc } = server;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const gone = new Promise((r) => proc.once("exit", r));
  proc.kill("SIGTERM");
  await Promise.race([gone, new Promise((r) => setTimeout(r, 30_000))]);
}
