import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isPrivateAddress } from "./address-policy";

// One POST of a delivery: node's http(s) client, because its `lookup` hook sees the address the
// socket will connect to — the private-address rule holds for what the name resolves to at that
// moment (no DNS rebinding between a check and the connection). Redirects are not followed; the
// answer's body is read up to `maxBody` characters (2 KB for the delivery log; the replay endpoint's
// answer is read whole, up to its own cap) and the rest dropped.

export type SendResult = { status: number; retryAfter: string | null; body: string; truncated: boolean } | { status: 0; error: string };

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) {
        return callback(Object.assign(new Error(`${hostname} resolves to a private address: not sent.`), { code: "EPRIVATE" }), []);
      }
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

export function postWebhook({ url, body, headers, timeoutMs, allowPrivate, maxBody = 2048, userAgent = "AgentCoach-Webhooks/1" }: { url: string; body: string; headers: Record<string, string>; timeoutMs: number; allowPrivate: boolean; maxBody?: number; userAgent?: string }): Promise<SendResult> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const client = target.protocol === "https:" ? https : http;
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = client.request(
      target,
      {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": userAgent, "content-length": String(Buffer.byteLength(body)), ...headers },
        lookup: guardedLookup(allowPrivate) as never,
      },
      (res) => {
        let received = "";
        let truncated = false;
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (received.length + chunk.length > maxBody) truncated = true;
          if (received.length < maxBody) received += chunk.slice(0, maxBody - received.length);
        });
        res.on("end", () => finish({ status: res.statusCode ?? 0, retryAfter: typeof res.headers["retry-after"] === "string" ? res.headers["retry-after"] : null, body: received, truncated }));
        res.on("error", (e) => finish({ status: 0, error: e.message }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    req.on("error", (e) => finish({ status: 0, error: e.message }));
    req.end(body);
  });
}
