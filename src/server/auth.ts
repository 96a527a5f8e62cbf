import "server-only";
import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth from "next-auth";
import type { EmailConfig } from "next-auth/providers";
import { safeCallbackPath } from "@/lib/safe-path";
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
  adapter: PrismaAdapter(db),
  session: { strategy: "database", maxAge: 30 * 24 * 60 * 60 },
  providers: [magicLink],
  pages: { signIn: "/sign-in", verifyRequest: "/sign-in/check-email", error: "/sign-in" },
  callbacks: {
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
