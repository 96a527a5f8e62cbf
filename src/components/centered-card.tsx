import Link from "next/link";
import type { ReactNode } from "react";
import { Logo } from "./logo";
import { buttonClass } from "./ui/button";

/** The frame of the signed-out pages: logo, one card, optional footer. */
export function CenteredCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <Logo className="mb-8 text-lg" />
      <div className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {subtitle ? <p className="mt-1.5 text-sm text-zinc-500">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-zinc-500">{footer}</div> : null}
    </main>
  );
}

/** A dead end whose only way on is home: a missing page, an invitation link that leads nowhere. */
export function HomeLinkCard({ title, subtitle, label }: { title: string; subtitle: string; label: string }) {
  return (
    <CenteredCard title={title} subtitle={subtitle}>
      <Link href="/" className={buttonClass("secondary", "md", "w-full")}>
        {label}
      </Link>
    </CenteredCard>
  );
}
