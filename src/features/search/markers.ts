/** Markers ts_headline puts around matches; the UI turns them into <mark> (never raw HTML). */
export const HIGHLIGHT_START = "\u0001";
export const HIGHLIGHT_END = "\u0002";
