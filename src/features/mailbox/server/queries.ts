import "server-only";
import { db } from "@/server/db";

/** Newest emails first, optionally for one recipient. Development mailbox only. */
export async function listMailbox({ to, limit = 50 }: { to?: string; limit?: number }) {
  return db.emailMessage.findMany({
    where: to ? { to: to.toLowerCase() } : {},
    orderBy: { createdAt: "desc" },
    take: limit,
    select: { id: true, to: true, subject: true, text: true, kind: true, status: true, createdAt: true },
  });
}

const urlPattern = /https?:\/\/[^\s<>"]+/g;

/** Splits plain text into text and link parts, so links render clickable. */
export function linkify(text: string): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  let last = 0;
  for (const m of text.matchAll(urlPattern)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ text: m[0], href: m[0] });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
