import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// What the production build serves, read from its manifests (never a hand-written list):
// `server/app-paths-manifest.json` names every page and route handler, and
// `server/server-reference-manifest.json` every server action with the pages that load it.

/** A server action of the build: its id (the `Next-Action` header), export and file, and the pages that use it. */
export type BuildAction = { id: string; name: string; file: string; pages: string[] };

export type BuildSurface = {
  /** Page paths with their dynamic segments, e.g. "/w/[slug]/agents/[id]". */
  pages: string[];
  /** Each page's source file under src/app (read to see whether it reads its query string). */
  pageSources: Record<string, string | undefined>;
  /** Route handler paths, e.g. "/api/v1/templates/[id]/directives". */
  routes: string[];
  actions: BuildAction[];
};

type ReferenceManifest = {
  node: Record<string, { workers: Record<string, unknown>; filename?: string; exportedName?: string }>;
};

/** "/w/(group)/[slug]/@panel/x" → "/w/[slug]/x": route groups and parallel slots are not in the URL. */
function urlPath(appPath: string): string {
  const segments = appPath.split("/").filter((s) => s && !/^\(.*\)$/.test(s) && !s.startsWith("@"));
  return `/${segments.join("/")}`;
}

export function readBuildSurface(distDir = path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next")): BuildSurface {
  const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(distDir, "server", file), "utf8")) as T;

  const pages: string[] = [];
  const routes: string[] = [];
  const pageSources: Record<string, string | undefined> = {};
  for (const key of Object.keys(read<Record<string, string>>("app-paths-manifest.json"))) {
    const match = /^(.*)\/(page|route)$/.exec(key);
    if (!match) continue;
    const url = urlPath(match[1]);
    if (url.split("/").some((s) => s.startsWith("_"))) continue; // Next's own /_not-found and /_global-error
    (match[2] === "page" ? pages : routes).push(url);
    if (match[2] === "page") {
      const base = path.join(path.dirname(distDir), "src", "app", match[1], "page");
      pageSources[url] = [".tsx", ".ts", ".jsx", ".js"].map((ext) => base + ext).find((file) => existsSync(file));
    }
  }

  const actions = Object.entries(read<ReferenceManifest>("server-reference-manifest.json").node).map(([id, entry]) => ({
    id,
    name: entry.exportedName ?? id,
    // Relative to Turbopack's root, which may sit above the project ("wt/x/src/…"): keep from src/.
    file: (entry.filename ?? "").replace(/^.*?(?=src\/)/, ""),
    pages: Object.keys(entry.workers)
      .filter((w) => w.startsWith("app/") && w.endsWith("/page"))
      .map((w) => urlPath(w.slice("app".length, -"/page".length))),
  }));

  return { pages: [...new Set(pages)].sort(), pageSources, routes: [...new Set(routes)].sort(), actions: actions.sort((a, b) => a.name.localeCompare(b.name)) };
}
