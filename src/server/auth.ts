import "server-only";
import NextAuth from "next-auth";
import type { EmailConfig } from "next-auth/providers";
import { takeSignInLinkSlot } from "@/server/sign-in-limit";
import { safeCallbackPath } from "@/lib/safe-path";
import { env } from "@/env";
import { authAdapter } from "@/server/auth-adapter";
import { db } from "@/server/db";
import { sendEmail } from "@/server/mailer";

// Auth.js v5: email magic links, database sessions (Prisma adapter). The link is sent through
// the product's mailer, so it goes over SMTP_URL or, without it, to the development mailbox.

const magicLink: EmailConfig = {
  id: "email",
  type: "email",
  name: "Email",
  maxAge: 24 * 60 * 60,
  async sendVerificationRequest({ identifier, url, expires }) {
    await sendEmail({
      to: identifier,
      subject: "Sign in to Agent Coach",
      kind: "sign-in",
      content: {
        heading: "Sign in to Agent Coach",
        paragraphs: ["Click the button below to sign in. The link works once."],
        action: { label: "Sign in", url },
        footer: `The link expires ${expires.toUTCString()}. If you did not ask for it, ignore this email.`,
      },
    });
  },
};

export const { handlers, auth, signIn, signOut } = NextAuth({
  adapter: authAdapter(db),
  session: { strategy: "database", maxAge: 30 * 24 * 60 * 60 },
  // Secure (and __Secure-prefixed) cookies whenever people reach the app over https, even when TLS
  // ends at a proxy that talks plain http to this server; env.ts refuses http APP_URLs in production.
  useSecureCookies: env.APP_URL.startsWith("https://"),
  providers: [magicLink],
  pages: { signIn: "/sign-in", verifyRequest: "/sign-in/check-email", error: "/sign-in" },
  callbacks: {
    // Runs before every magic link is sent, however it was asked for (the form, or POST
    // /api/auth/signin/email directly): the address's limit is taken here, atomically.
    async signIn({ account, email }) {
      if (!email?.verificationRequest) return true;
      return (await takeSignInLinkSlot(account?.providerAccountId ?? "")) ? true : "/sign-in?error=RateLimited";
    },
    // Auth.js's own redirects (after the magic link, after sign-out) stay on this app, by the same rule as the sign-in page.
    redirect({ url, baseUrl }) {
      if (url.startsWith("/")) return `${baseUrl}${safeCallbackPath(url)}`;
      try {
        const target = new URL(url);
        if (target.origin === new URL(baseUrl).origin) return `${baseUrl}${safeCallbackPath(`${target.pathname}${target.search}${target.hash}`)}`;
      } catch {
        // not a URL: home
      }
      return baseUrl;
    },
    session({ session, user }) {
      session.user.id = user.id;
      return session;
    },
  },
});
