// Small formatters shared by the table, the Markdown report and the chart. Pure.

export const percent = (x: number | null) => (x === null ? "—" : `${(x * 100).toFixed(1)}%`);
export const decimal = (x: number | null, digits = 2) => (x === null ? "—" : x.toFixed(digits));
export const versions = (list: number[]) => (list.length ? list.map((v) => `v${v}`).join(", ") : "—");
