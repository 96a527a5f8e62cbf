import type { Metadata } from "next";
import Link from "next/link";
import { CenteredCard } from "@/components/centered-card";
import { buttonClass } from "@/components/ui/button";
import { devMailboxEnabled } from "@/env";

export const metadata: Metadata = { title: "Check your email" };

export default function CheckEmailPage() {
  return (
    <CenteredCard title="Check your email" subtitle="A sign-in link is on its way. It works once and expires in 24 hours.">
      <div className="space-y-3">
        {devMailboxEnabled ? (
          <Link href="/dev/mailbox" className={buttonClass("primary", "md", "w-full")}>
            Open the development mailbox
          </Link>
        ) : null}
        <Link href="/sign-in" className={buttonClass("secondary", "md", "w-full")}>
          Use another email
        </Link>
      </div>
    </CenteredCard>
  );
}
