import type { BrowserContext } from "@playwright/test";

/**
 * Collects every console error and uncaught page error of a browser context's pages into `errors`,
 * each with the page's path, so a spec fails on a page that logs one (React's hydration and key
 * warnings, a missing favicon, an unhandled rejection) even when everything it asserts holds.
 */
export function watchConsole(context: BrowserContext, errors: string[]) {
  const where = (url: string) => {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  };
  context.on("console", (message) => {
    if (message.type() !== "error") return;
    const page = message.page();
    const location = message.location().url || page?.url() || "";
    // The page itself answered 4xx: a visit the test made on purpose (an outsider's 404, a
    // viewer's 403) and asserts; a sub-resource's 4xx (a missing favicon, a failed fetch) still counts.
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) && page && location === page.url()) return;
    errors.push(`${where(page?.url() ?? "")}: ${message.text()}${location && location !== page?.url() ? ` (${where(location)})` : ""}`);
  });
  context.on("weberror", (webError) => {
    const page = webError.page();
    errors.push(`${where(page?.url() ?? "")}: uncaught ${webError.error().message}`);
  });
}
