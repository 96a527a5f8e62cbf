import type { LabResult } from "../result";

// The run's chart (`--svg`), drawn by hand: acceptance rate and mean rating per week on one 0–1
// scale, and a dashed line where a new version took over (between the week whose ritual approved
// it and the next). Plain SVG 1.1, no script, readable in a browser or an image viewer. Pure.

const W = 720;
const H = 360;
const M = { left: 56, right: 24, top: 56, bottom: 48 };
const SERIES = [
  { key: "acceptanceRate", label: "acceptance rate", color: "#2563eb" },
  { key: "meanRating", label: "mean rating", color: "#d97706" },
] as const;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const fixed = (n: number) => n.toFixed(1);

export function chartSvg(result: LabResult): string {
  const weeks = result.weeks;
  const n = Math.max(1, weeks.length);
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const x = (week: number) => M.left + (n === 1 ? plotW / 2 : ((week - 1) / (n - 1)) * plotW);
  const y = (v: number) => M.top + (1 - v) * plotH;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12">`);
  out.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  out.push(`<text x="${M.left}" y="22" font-size="15" font-weight="600" fill="#111827">${esc(`Lab: ${result.team}`)}</text>`);
  out.push(`<text x="${M.left}" y="40" fill="#6b7280">${esc(`seed ${result.seed} · ${result.tasksPerWeek} tickets a week · ${result.models} models`)}</text>`);
  // Grid and axes.
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    out.push(`<line x1="${M.left}" x2="${W - M.right}" y1="${fixed(y(v))}" y2="${fixed(y(v))}" stroke="${v === 0 ? "#9ca3af" : "#e5e7eb"}"/>`);
    out.push(`<text x="${M.left - 8}" y="${fixed(y(v) + 4)}" text-anchor="end" fill="#6b7280">${v.toFixed(2)}</text>`);
  }
  for (const w of weeks) out.push(`<text x="${fixed(x(w.week))}" y="${H - M.bottom + 18}" text-anchor="middle" fill="#6b7280">${w.week}</text>`);
  out.push(`<text x="${fixed(M.left + plotW / 2)}" y="${H - 10}" text-anchor="middle" fill="#374151">week</text>`);
  // New versions: from the week after the ritual that approved them.
  for (const w of weeks) {
    if (!w.versionsApproved.length || w.week >= n) continue;
    const at = (x(w.week) + x(w.week + 1)) / 2;
    out.push(`<line x1="${fixed(at)}" x2="${fixed(at)}" y1="${M.top}" y2="${H - M.bottom}" stroke="#10b981" stroke-dasharray="4 4"/>`);
    out.push(`<text x="${fixed(at + 4)}" y="${M.top + 12}" fill="#047857">${esc(w.versionsApproved.map((v) => `v${v}`).join(", "))}</text>`);
  }
  // Series: a line through the weeks that have a value, a dot on each.
  for (const s of SERIES) {
    const points = weeks.flatMap((w) => (w[s.key] === null ? [] : [[x(w.week), y(w[s.key]!)] as const]));
    if (points.length > 1) out.push(`<polyline fill="none" stroke="${s.color}" stroke-width="2" points="${points.map(([px, py]) => `${fixed(px)},${fixed(py)}`).join(" ")}"/>`);
    for (const [px, py] of points) out.push(`<circle cx="${fixed(px)}" cy="${fixed(py)}" r="3.5" fill="${s.color}"/>`);
  }
  // Legend, top right.
  SERIES.forEach((s, i) => {
    const lx = W - M.right - 300 + i * 150;
    out.push(`<line x1="${lx}" x2="${lx + 18}" y1="22" y2="22" stroke="${s.color}" stroke-width="2"/><circle cx="${lx + 9}" cy="22" r="3.5" fill="${s.color}"/>`);
    out.push(`<text x="${lx + 24}" y="26" fill="#374151">${s.label}</text>`);
  });
  out.push(`<line x1="${W - M.right - 300}" x2="${W - M.right - 282}" y1="40" y2="40" stroke="#10b981" stroke-dasharray="4 4"/><text x="${W - M.right - 276}" y="44" fill="#374151">new version in use</text>`);
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}
