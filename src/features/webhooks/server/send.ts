import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isPrivateAddress } from "./address-policy";

// One POST of a delivery: node's http(s) client, because its `lookup` hook sees the address the
// socket will connect to — the private-address rule holds for what the name resolves to at that
// moment (no DNS rebinding between a check and the connection). Redirects are not followed; the
// answer's body is read up to 2 KB (for the delivery log) and dropped.

export type SendResult = { status: number; retryAfter: string | null; body: string } | { status: 0; error: string };

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

export function postWebhook({ url, body, headers, timeoutMs, allowPrivate }: { url: string; body: string; headers: Record<string, string>; timeoutMs: number; allowPrivate: boolean }): Promise<SendResult> {
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
        headers: { "content-type": "application/json", "user-agent": "AgentCoach-Webhooks/1", "content-length": String(Buffer.byteLength(body)), ...headers },
        lookup: guardedLookup(allowPrivate) as never,
      },
      (res) => {
        let received = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (received.length < 2048) received += chunk.slice(0, 2048 - received.length);
        });
        res.on("end", () => finish({ status: res.statusCode ?? 0, retryAfter: typeof res.headers["retry-after"] === "string" ? res.headers["retry-after"] : null, body: received }));
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
