import { BlockList, isIP } from "node:net";

// Where a webhook may be sent. An admin types the URL, the server makes the request: without a
// rule, a URL naming the machine itself, its private network or the cloud's metadata address would
// let a workspace admin probe what only the server can reach (SSRF). So, unless private networks
// are allowed (WEBHOOK_ALLOW_PRIVATE_NETWORKS=1, and always outside production, where receivers on
// localhost are the normal case), the host must resolve only to public addresses — checked when the
// endpoint is saved (names and literal addresses) and again before every attempt (what the name
// resolves to now), and redirects are never followed.

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96]] as const) blocked.addSubnet(net, prefix, "ipv6");

/** An address no webhook may reach unless private networks are allowed. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1], "ipv4");
    return blocked.check(address, "ipv6");
  }
  return blocked.check(address, "ipv4");
}

const LOCAL_NAMES = /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i;

/** Why this URL may not receive webhooks (or replay requests), or null. Syntax and literal hosts only (no DNS). */
export function webhookUrlProblem(raw: string, { allowPrivate }: { allowPrivate: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter a full URL, e.g. https://hooks.example.com/agent-coach.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The URL must start with https:// (or http://).";
  if (url.username || url.password) return "Put credentials in the path or a query parameter, not before the host.";
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (LOCAL_NAMES.test(host) || isPrivateAddress(host)) return "This server does not call private or local addresses.";
  return null;
}
