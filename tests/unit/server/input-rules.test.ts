import { describe, expect, it } from "vitest";
import { DATABASE_URL_UNSET, parseEnv } from "@/env";
import { CallbackPathSchema } from "@/features/auth/schemas";
import { linkify } from "@/features/mailbox/server/queries";
import { EmailSchema, WorkspaceSlugSchema } from "@/features/workspaces/schemas";
import { slugify } from "@/features/workspaces/server/create-workspace";
import { actionFromText, renderEmail } from "@/server/email-layout";
import { AppError, toErrorBody } from "@/server/errors";
import { z } from "zod";

describe("env", () => {
  it("treats empty strings as unset and defaults to the embedded mode", () => {
    const env = parseEnv({ DATABASE_URL: "", SMTP_URL: " ", NODE_ENV: "test" });
    expect(env.DATABASE_URL).toBe(DATABASE_URL_UNSET);
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.APP_URL).toBe("http://localhost:3000");
  });

  it("refuses a malformed SMTP_URL with the variable named", () => {
    expect(() => parseEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
  });
});

describe("callback paths", () => {
  it.each([
    [undefined, "/"],
    ["/w/demo", "/w/demo"],
    ["https://evil.example", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
  ])("%s → %s", (input, expected) => expect(CallbackPathSchema.parse(input)).toBe(expected));
});

describe("emails and slugs", () => {
  it("normalises emails and rejects junk", () => {
    expect(EmailSchema.parse("  Ada@Example.TEST ")).toBe("ada@example.test");
    expect(EmailSchema.safeParse("nope").success).toBe(false);
  });

  it.each([
    ["Acme Support", "acme-support"],
    ["Équipe d'été", "equipe-d-ete"],
    ["!!", "workspace"],
    ["x", "workspace-x"],
  ])("slugify(%s) = %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
    expect(WorkspaceSlugSchema.safeParse(slugify(name)).success).toBe(true);
  });
});

describe("error mapper", () => {
  it("maps typed errors to their status and keeps unknown errors' internals out", () => {
    expect(toErrorBody(new AppError("FORBIDDEN", "no"))).toEqual({ status: 403, code: "FORBIDDEN", message: "no", fieldErrors: undefined });
    const zodError = z.object({ email: z.email() }).safeParse({ email: "x" }).error!;
    expect(toErrorBody(zodError)).toMatchObject({ status: 400, fieldErrors: { email: [expect.any(String)] } });
    const hidden = toErrorBody(new Error("connection string postgres://secret"));
    expect(hidden).toEqual({ status: 500, code: "INTERNAL", message: "Something went wrong on our side. Please try again." });
  });
});

describe("email rendering", () => {
  it("escapes HTML and keeps the raw link in the text part", () => {
    const { html, text } = renderEmail({ heading: "<b>Hi</b>", paragraphs: ["a & b"], action: { label: "Go", url: "http://x/?a=1&b=2" } });
    expect(html).toContain("&lt;b&gt;Hi&lt;/b&gt;");
    expect(html).toContain("a &amp; b");
    expect(text).toContain("Go: http://x/?a=1&b=2");
    expect(actionFromText(text)).toEqual({ label: "Go", url: "http://x/?a=1&b=2" });
  });

  it("linkifies URLs in plain text", () => {
    expect(linkify("Sign in: http://localhost:3000/a?b=1 now")).toEqual([
      { text: "Sign in: " },
      { text: "http://localhost:3000/a?b=1", href: "http://localhost:3000/a?b=1" },
      { text: " now" },
    ]);
  });
});
