import { Bell } from "lucide-react";
import Link from "next/link";

/** The app shell's bell: the count of open notifications — unread and not settled by a decision (server-rendered; the layout re-renders on navigation). */
export function NotificationBell({ href, open }: { href: string; open: number }) {
  const label = open === 1 ? "Notifications, 1 open" : `Notifications, ${open} open`;
  return (
    <Link
      href={href}
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      className="relative inline-flex h-8 w-8 items-center justify-center rounded-lg text-zinc-500 transition-colors hover:bg-zinc-100 hover:text-zinc-900"
    >
      <Bell className="h-4 w-4" aria-hidden />
      {open > 0 ? (
        <span
          aria-hidden
          className="absolute -right-1 -top-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-brand-600 px-1 text-[10px] font-semibold leading-none text-white"
        >
          {open > 99 ? "99+" : open}
        </span>
      ) : null}
    </Link>
  );
}
