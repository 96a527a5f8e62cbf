/** The box a chart will fill while its code loads (same size: nothing moves when it appears). */
export function ChartPlaceholder({ className, label }: { className: string; label: string }) {
  return (
    <div className={`${className} flex items-center justify-center rounded-lg bg-zinc-50 text-xs text-zinc-400`} role="status" aria-label={label}>
      Loading chart…
    </div>
  );
}
