import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { cn } from "@/lib/cn";
import { UsageReport } from "@/features/usage/components/usage-report";
import { getWorkspaceUsage, USAGE_PERIODS, type UsagePeriod } from "@/features/usage/server";
import { getPageWorkspaceContext } from "@/features/workspaces/server";

export const metadata: Metadata = { title: "Model usage" };

// Every member may read it: token counts and estimated cost, no prompts, no keys.

export default async function UsagePage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<{ days?: string }> }) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  const ctx = await getPageWorkspaceContext(slug);
  // An unknown period falls back to 30 days rather than failing the page.
  const days: UsagePeriod = USAGE_PERIODS.find((d) => String(d) === query.days) ?? 30;
  const usage = await getWorkspaceUsage(ctx.workspace.id, days);
  const base = `/w/${ctx.workspace.slug}/settings/usage`;

  return (
    <>
      <PageHeader
        title="Model usage"
        description={`Tokens spent by this workspace's agents, improvers and classifier, ${usage.from} to ${usage.to} (UTC), with an estimated cost at the providers' list prices.`}
        actions={
          <nav aria-label="Period" className="flex rounded-lg border border-zinc-200 bg-white p-0.5 text-sm">
            {USAGE_PERIODS.map((d) => (
              <Link key={d} href={`${base}?days=${d}`} aria-current={d === days ? "page" : undefined}
                className={cn("rounded-md px-3 py-1.5", d === days ? "bg-zinc-900 font-medium text-white" : "text-zinc-600 hover:bg-zinc-100")}>
                {d} days
              </Link>
            ))}
          </nav>
        }
      />
      {usage.rows.length === 0 ? (
        <EmptyState title="No model calls in this period">Tokens appear here as agents run, rituals are held and feedback is classified.</EmptyState>
      ) : (
        <UsageReport usage={usage} />
      )}
    </>
  );
}
