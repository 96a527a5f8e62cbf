import { BarChart3, BellRing, Bot, CalendarClock, Cpu, FileCode2, Inbox, KeyRound, LayoutDashboard, ListTodo, LogOut, Search, Tags, Users, Webhook, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { AppShell } from "@/components/app-shell";
import { Logo } from "@/components/logo";
import { NavLink } from "@/components/nav-link";
import { signOutAction } from "@/features/auth/actions/sign-out";
import { WorkspaceSwitcher } from "@/features/workspaces/components/workspace-switcher";
import { getPageShell, getPageWorkspaceContext } from "@/features/workspaces/server";
import { formatCount } from "@/lib/capped-count";
import { NotificationBell } from "@/features/notifications/components/notification-bell";

/** The workspace's pages in order (path under /w/[slug]); a string is a section heading. */
const NAV: ([path: string, icon: LucideIcon, label: string] | string)[] = [
  ["", LayoutDashboard, "Dashboard"],
  ["/templates", FileCode2, "Templates"],
  ["/agents", Bot, "Agents"],
  ["/tasks", ListTodo, "Tasks"],
  ["/inbox", Inbox, "Decisions"],
  ["/labels", Tags, "Check labels"],
  ["/search", Search, "Search"],
  "Settings",
  ["/settings/members", Users, "Members"],
  ["/settings/api-keys", KeyRound, "API keys"],
  ["/settings/webhooks", Webhook, "Webhooks"],
  ["/settings/models", Cpu, "Models"],
  ["/settings/usage", BarChart3, "Usage"],
  ["/settings/schedule", CalendarClock, "Ritual schedule"],
  ["/settings/notifications", BellRing, "Notifications"],
];

export default async function WorkspaceLayout({ children, params }: { children: ReactNode; params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  // One statement for the membership, the switcher's list and both badges (shared with the page).
  const [ctx, { workspaces, pendingDecisions: pending, openNotifications }] = await Promise.all([getPageWorkspaceContext(slug), getPageShell(slug)]);
  const base = `/w/${ctx.workspace.slug}`;
  const sidebar = (
    <>
      <div className="mb-5 flex h-8 items-center px-2">
        <Logo />
      </div>
      <WorkspaceSwitcher
        current={{ slug: ctx.workspace.slug, name: ctx.workspace.name, role: ctx.membership.role }}
        workspaces={workspaces}
      />
      <nav className="mt-5 flex flex-1 flex-col gap-1" aria-label="Workspace">
        {NAV.map((item) => {
          if (typeof item === "string") {
            return (
              <p key={item} className="mt-4 px-3 text-xs font-semibold uppercase tracking-wide text-zinc-400">
                {item}
              </p>
            );
          }
          const [path, Icon, label] = item;
          return (
            <NavLink key={label} href={`${base}${path}`} exact={path === ""}>
              <Icon className="h-4 w-4" aria-hidden /> {label}
              {path === "/inbox" && pending.value > 0 ? (
                <span className="ml-auto rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white" aria-label={`${formatCount(pending)} pending`} data-testid="inbox-badge">
                  {formatCount(pending)}
                </span>
              ) : null}
            </NavLink>
          );
        })}
      </nav>
      <div className="border-t border-zinc-200 pt-3">
        <p className="truncate px-2 text-xs text-zinc-500" data-testid="signed-in-as">
          {ctx.user.email}
        </p>
        <form action={signOutAction}>
          <button type="submit" className="mt-1 flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-zinc-600 hover:bg-zinc-100">
            <LogOut className="h-4 w-4" aria-hidden /> Sign out
          </button>
        </form>
      </div>
    </>
  );
  return (
    <AppShell
      sidebar={sidebar}
      topBar={<Logo />}
      bell={<NotificationBell href={`${base}/notifications`} open={openNotifications} />}
    >
      {children}
    </AppShell>
  );
}
