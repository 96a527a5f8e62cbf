#!/usr/bin/env node
// A real SMTP server for e2e tests: accepts every message on SMTP_PORT (plain SMTP, no TLS/AUTH)
// and serves what it received as JSON on MAIL_API_PORT (GET /messages?to=<address>).
import { createServer } from "node:http";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.SMTP_PORT ?? 2526);
const apiPort = Number(process.env.MAIL_API_PORT ?? 2527);
const messages = [];

// Undo quoted-printable (soft line breaks and =XX escapes) so links can be read as written.
const decodeQuotedPrintable = (raw) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    let raw = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => (raw += chunk));
    stream.on("end", () => {
      const body = decodeQuotedPrintable(raw);
      const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
      messages.push({
        from: session.envelope.mailFrom?.address ?? null,
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        subject,
        body,
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});

const api = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (url.pathname === "/health") return res.end("ok");
  if (url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.toLowerCase();
    const list = to ? messages.filter((m) => m.to.includes(to)) : messages;
    res.setHeader("content-type", "application/json");
    return res.end(JSON.stringify(list));
  }
  res.statusCode = 404;
  res.end("not found");
});

smtp.listen(smtpPort, "127.0.0.1", () => {
  api.listen(apiPort, "127.0.0.1", () => console.log(`[smtp-sink] smtp :${smtpPort}, api :${apiPort}`));
});
const stop = () => smtp.close(() => api.close(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
