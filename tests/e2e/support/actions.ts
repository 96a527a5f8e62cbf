import { expect, type APIRequestContext, type Page, type Request } from "@playwright/test";
import { APP_URL } from "./ports";

/** A server-action call recorded from the browser, to be replayed as another user. */
export type RecordedAction = { url: string; actionId: string; routerStateTree?: string };

/** Runs `trigger` and records the server action it posts. */
export async function recordServerAction(page: Page, trigger: () => Promise<void>): Promise<RecordedAction> {
  const posted = page.waitForRequest((r: Request) => r.method() === "POST" && !!r.headers()["next-action"]);
  await trigger();
  const req = await posted;
  const headers = req.headers();
  return { url: req.url(), actionId: headers["next-action"], routerStateTree: headers["next-router-state-tree"] };
}

/**
 * Calls the recorded action directly (as a crafted request would) with `args`, using the cookies
 * of `request`'s context. Returns the action client's result.
 */
export async function replayServerAction(request: APIRequestContext, action: RecordedAction, args: unknown[]) {
  const res = await request.post(action.url, {
    headers: {
      "next-action": action.actionId,
      accept: "text/x-component",
      "content-type": "text/plain;charset=UTF-8",
      origin: APP_URL,
      ...(action.routerStateTree ? { "next-router-state-tree": action.routerStateTree } : {}),
    },
    data: JSON.stringify(args),
  });
  expect(res.status(), "server actions answer over HTTP 200 with a typed result").toBe(200);
  const text = await res.text();
  // The RSC payload's row 1 is the action's return value.
  const row = text.split("\n").find((line) => line.startsWith("1:"));
  if (!row) throw new Error(`no action result in: ${text.slice(0, 300)}`);
  return JSON.parse(row.slice(2)) as { ok: boolean; error?: { status: number; code: string; message: string } };
}
