// One layout for every email the product sends: a heading, paragraphs and one call-to-action
// button, as HTML and as plain text (the text part always carries the raw link).

export type EmailContent = { heading: string; paragraphs: string[]; action?: { label: string; url: string }; footer?: string };

const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The call-to-action of a rendered email, read back from its text part ("<label>: <url>"). */
export function actionFromText(text: string): { label: string; url: string } | null {
  const m = /^([^\n:]{1,40}): (https?:\/\/\S+)$/m.exec(text);
  return m ? { label: m[1], url: m[2] } : null;
}

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const { heading, paragraphs, action, footer } = content;
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...(footer ? [footer] : []),
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#f4f4f5;font-family:ui-sans-serif,system-ui,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#fff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:13px;font-weight:600;color:#4f46e5;padding-bottom:16px">Agent Coach</td></tr>
<tr><td style="font-size:20px;font-weight:600;padding-bottom:12px">${escape(heading)}</td></tr>
${paragraphs.map((p) => `<tr><td style="font-size:15px;line-height:1.5;padding-bottom:12px">${escape(p)}</td></tr>`).join("\n")}
${
  action
    ? `<tr><td style="padding:12px 0 20px"><a href="${escape(action.url)}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">${escape(action.label)}</a></td></tr>
<tr><td style="font-size:12px;color:#71717a;word-break:break-all">Or paste this link into your browser: ${escape(action.url)}</td></tr>`
    : ""
}
${footer ? `<tr><td style="font-size:12px;color:#71717a;padding-top:16px">${escape(footer)}</td></tr>` : ""}
</table></td></tr></table></body></html>`;
  return { html, text };
}
