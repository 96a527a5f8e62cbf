import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/env";
import { db } from "@/server/db";
import { renderEmail, type EmailContent } from "@/server/email-layout";
import { errorFields, logger } from "@/server/logger";

// Every outgoing email is recorded in EmailMessage. With SMTP_URL it is delivered by nodemailer;
// without it the message is only captured, and the development mailbox (/dev/mailbox) shows it.

let transport: Transporter | undefined;
function getTransport(url: string): Transporter {
  transport ??= nodemailer.createTransport(url);
  return transport;
}

export type OutgoingEmail = { to: string; subject: string; kind: string; content: EmailContent };

export async function sendEmail({ to, subject, kind, content }: OutgoingEmail): Promise<void> {
  const { html, text } = renderEmail(content);
  if (!env.SMTP_URL) {
    if (env.NODE_ENV === "production") logger.warn("SMTP_URL is not set: email captured, not delivered", { kind, to });
    await db.emailMessage.create({ data: { to, subject, kind, text, html, status: "captured" } });
    return;
  }
  try {
    const info = await getTransport(env.SMTP_URL).sendMail({ from: env.EMAIL_FROM, to, subject, text, html });
    const failed = [...(info.rejected ?? []), ...(info.pending ?? [])];
    if (failed.length) throw new Error(`rejected by the SMTP server: ${failed.join(", ")}`);
    await db.emailMessage.create({ data: { to, subject, kind, text, html, status: "sent", sentAt: new Date() } });
  } catch (e) {
    logger.error("email delivery failed", { kind, to, ...errorFields(e) });
    await db.emailMessage.create({
      data: { to, subject, kind, text, html, status: "failed", error: e instanceof Error ? e.message : String(e) },
    });
    throw e;
  }
}
