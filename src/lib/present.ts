// "This window ends now": a window whose end lies from `now` to 5 minutes after it ends at the
// present, so nothing was written after it. The rollup reads (dashboards' readPeriods, the feedback
// breakdown) then take the current hour / day whole from their rollups instead of reading it raw.

/** How far past `now` a window's end still counts as the present (the request's moment). */
export const PRESENT_MS = 5 * 60_000;

export const endsAtPresent = (end: Date, now: Date) => end.getTime() >= now.getTime() && end.getTime() - now.getTime() <= PRESENT_MS;
