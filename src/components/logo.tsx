export function Logo({ className }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold text-zinc-900 ${className ?? ""}`}>
      <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden>
        <rect width="24" height="24" rx="6" className="fill-brand-600" />
        <path d="M7 15.5 10.5 8l3 5.5L15.5 11l1.5 4.5" fill="none" stroke="white" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Agent Coach
    </span>
  );
}
