"use client";
import { Check, ChevronsUpDown, Plus } from "lucide-react";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import type { Role } from "../permissions";
import { enumWords } from "@/lib/words";

type Item = { slug: string; name: string; role: Role };

export function WorkspaceSwitcher({ current, workspaces }: { current: Item; workspaces: Item[] }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", esc);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", esc);
    };
  }, [open]);

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Switch workspace"
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 rounded-lg border border-zinc-200 bg-white px-3 py-2 text-left text-sm shadow-xs hover:bg-zinc-50"
      >
        <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-md bg-brand-600 text-xs font-semibold text-white">
          {current.name.slice(0, 1).toUpperCase()}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium" data-testid="current-workspace">
            {current.name}
          </span>
          <span className="block text-xs capitalize text-zinc-500" data-testid="current-role">
            {enumWords("Role", current.role)}
          </span>
        </span>
        <ChevronsUpDown className="h-4 w-4 text-zinc-400" aria-hidden />
      </button>
      {open ? (
        <div role="menu" className="absolute left-0 right-0 z-20 mt-1 overflow-hidden rounded-lg border border-zinc-200 bg-white py-1 shadow-lg">
          {workspaces.map((w) => (
            <Link
              key={w.slug}
              role="menuitem"
              href={`/w/${w.slug}`}
              onClick={() => setOpen(false)}
              className="flex items-center gap-2 px-3 py-2 text-sm hover:bg-zinc-50"
            >
              <span className="min-w-0 flex-1 truncate">{w.name}</span>
              <span className="text-xs text-zinc-400">{enumWords("Role", w.role)}</span>
              {w.slug === current.slug ? <Check className="h-4 w-4 text-brand-600" aria-label="current" /> : null}
            </Link>
          ))}
          <div className="my-1 border-t border-zinc-100" />
          <Link role="menuitem" href="/workspaces/new" className="flex items-center gap-2 px-3 py-2 text-sm text-zinc-600 hover:bg-zinc-50">
            <Plus className="h-4 w-4" aria-hidden /> New workspace
          </Link>
        </div>
      ) : null}
    </div>
  );
}
