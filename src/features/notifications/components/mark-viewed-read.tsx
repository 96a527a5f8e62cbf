"use client";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { markViewedNotificationsReadAction } from "../actions/mark-viewed-notifications-read";

/**
 * Marks the notifications that led here read once the page has rendered: the in-app ones whose
 * link is this page and, from an email, the signed one (`?n=&sig=`). The page's GET writes
 * nothing; when something was marked, the page (and the layout's bell) refreshes.
 */
export function MarkViewedRead({ workspaceSlug, link, n, sig }: { workspaceSlug: string; link: string; n?: string; sig?: string }) {
  const router = useRouter();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void markViewedNotificationsReadAction({ workspaceSlug, link, n, sig }).then((r) => {
      if (r.ok && r.data.count > 0) router.refresh();
    });
  }, [workspaceSlug, link, n, sig, router]);
  return null;
}
