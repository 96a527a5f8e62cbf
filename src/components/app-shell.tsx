"use client";
import { Menu, X } from "lucide-react";
import { usePathname } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * The workspace shell: the sidebar beside the page from `md` up; below it (phones) a top bar with
 * the logo, the bell and a menu button that slides the same sidebar in over the page. The sidebar's
 * content stays server-rendered (`sidebar`); this only holds the open state, closed again on
 * navigation and by Escape. The bell is in the page once (tests and screen readers find one), fixed
 * where each layout shows it: the top bar's right end on a phone, the sidebar's top-right corner
 * from `md` up.
 */
export function AppShell({ sidebar, topBar, bell, children }: { sidebar: ReactNode; topBar: ReactNode; bell: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    // A link in the drawer navigated: close it (state adjusted during render, not in an effect).
    setShownFor(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-zinc-200 bg-white/95 px-3 backdrop-blur md:hidden">
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label="Open menu"
          aria-expanded={open}
          aria-controls="workspace-sidebar"
          className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-100"
        >
          <Menu className="h-5 w-5" aria-hidden />
        </button>
        <div className="flex flex-1 items-center">{topBar}</div>
      </header>
      <div className="fixed right-3 top-3 z-30 md:left-[13rem] md:right-auto md:top-4">{bell}</div>
      {open ? <div className="fixed inset-0 z-40 bg-zinc-900/30 md:hidden" aria-hidden onClick={() => setOpen(false)} /> : null}
      <aside
        id="workspace-sidebar"
        className={cn(
          "fixed inset-y-0 left-0 z-50 flex w-72 flex-col overflow-y-auto border-r border-zinc-200 bg-zinc-50 px-3 py-4 shadow-xl transition-transform",
          "md:sticky md:top-0 md:z-auto md:h-screen md:w-64 md:shrink-0 md:translate-x-0 md:bg-zinc-50/80 md:shadow-none",
          open ? "translate-x-0" : "max-md:invisible -translate-x-full",
        )}
      >
        {open ? (
          <button
            type="button"
            onClick={() => setOpen(false)}
            aria-label="Close menu"
            className="absolute right-2 top-2 inline-flex h-8 w-8 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-100 md:hidden"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        ) : null}
        {sidebar}
      </aside>
      <main className="min-w-0 flex-1 px-4 py-5 sm:px-6 md:px-8 md:py-8">
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
    </div>
  );
}
