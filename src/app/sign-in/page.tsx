import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { CenteredCard } from "@/components/centered-card";
import { Notice } from "@/components/ui/card";
import { devMailboxEnabled } from "@/env";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { CallbackPathSchema } from "@/features/auth/schemas";
import { demoSeedState } from "@/server/demo-seed";
import { getSessionUser } from "@/server/session";
import { SIGN_IN_RATE_LIMITED } from "@/server/sign-in-limit";

export const metadata: Metadata = { title: "Sign in" };

const errors: Record<string, string> = {
  Verification: "That sign-in link is invalid, expired or was already used. Ask for a new one.",
  Configuration: "Sign-in is misconfigured on the server. Check AUTH_SECRET and the logs.",
  AccessDenied: "Access denied.",
  RateLimited: SIGN_IN_RATE_LIMITED,
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = CallbackPathSchema.parse(params.callbackUrl);
  if (await getSessionUser()) redirect(callbackUrl);
  const error = params.error ? (errors[String(params.error)] ?? "Sign-in failed. Please try again.") : null;
  const seed = devMailboxEnabled ? demoSeedState() : null;
  return (
    <CenteredCard
      title="Sign in to Agent Coach"
      subtitle="We'll email you a link. No password needed; new accounts are created on first sign-in."
      footer={
        devMailboxEnabled ? (
          <>
            Development mode: emails land in the{" "}
            <Link className="font-medium text-brand-600 hover:underline" href="/dev/mailbox">
              development mailbox
            </Link>
            . Demo user: <code className="rounded bg-zinc-100 px-1">demo@agent-coach.local</code>
          </>
        ) : null
      }
    >
      <div className="space-y-4">
        {error ? <Notice tone="error">{error}</Notice> : null}
        {seed === "running" ? (
          <Notice tone="info">
            The demo workspace is still being prepared (its agents, runs and feedback: a few seconds more). You can sign in now; reload the workspace if it looks empty.
          </Notice>
        ) : seed === "failed" ? (
          <Notice tone="error">
            The demo workspace could not be prepared: the terminal running <code>npm run dev</code> says why.
          </Notice>
        ) : null}
        <SignInForm callbackUrl={callbackUrl} defaultEmail={typeof params.email === "string" ? params.email.slice(0, 320) : undefined} />
      </div>
    </CenteredCard>
  );
}
