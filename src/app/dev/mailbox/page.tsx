import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Logo } from "@/components/logo";
import { Badge } from "@/components/ui/card";
import { devMailboxEnabled } from "@/env";
import { buttonClass } from "@/components/ui/button";
import { linkify, listMailbox } from "@/features/mailbox/server";
import { actionFromText } from "@/server/email-layout";

export const metadata: Metadata = { title: "Development mailbox" };
export const dynamic = "force-dynamic";

// Shows the emails the app "sent" while SMTP_URL is unset. Never available in production.
export default async function MailboxPage({ searchParams }: { searchParams: Promise<{ to?: string }> }) {
  if (!devMailboxEnabled) notFound();
  const { to } = await searchParams;
  const messages = await listMailbox({ to });
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <div className="mb-6 flex items-center justify-between">
        <Logo />
        <Link href="/sign-in" className="text-sm font-medium text-brand-600 hover:underline">
          Back to sign-in
        </Link>
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">Development mailbox</h1>
      <p className="mt-1 text-sm text-zinc-500">
        Emails captured because <code className="rounded bg-zinc-100 px-1">SMTP_URL</code> is not set. Newest first
        {to ? (
          <>
            , for <b>{to}</b> (<Link className="text-brand-600 hover:underline" href="/dev/mailbox">show all</Link>)
          </>
        ) : null}
        .
      </p>
      {messages.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-zinc-300 p-10 text-center text-sm text-zinc-500">
          No emails yet. Ask for a sign-in link and it appears here.
        </p>
      ) : (
        <ol className="mt-6 space-y-4">
          {messages.map((m) => (
            <li key={m.id} className="rounded-xl border border-zinc-200 bg-white p-5 shadow-xs" data-testid="mail" data-to={m.to}>
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  To <b>{m.to}</b>
                </span>
                <span className="flex items-center gap-2 text-zinc-500">
                  <Badge tone={m.status === "failed" ? "red" : "zinc"}>{m.kind}</Badge>
                  <time dateTime={m.createdAt.toISOString()}>{m.createdAt.toLocaleString("en-GB", { timeZone: "UTC" })} UTC</time>
                </span>
              </div>
              <h2 className="mt-2 font-semibold">{m.subject}</h2>
              {actionFromText(m.text) ? (
                <a href={actionFromText(m.text)!.url} className={buttonClass("primary", "sm", "mt-3")}>
                  {actionFromText(m.text)!.label}
                </a>
              ) : null}
              <p className="mt-2 whitespace-pre-wrap break-words text-sm text-zinc-700">
                {linkify(m.text).map((part, i) =>
                  part.href ? (
                    <a key={i} href={part.href} className="text-brand-600 underline">
                      {part.text}
                    </a>
                  ) : (
                    <span key={i}>{part.text}</span>
                  ),
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
