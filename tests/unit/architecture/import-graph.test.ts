import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// The dependency rules of src/ (docs/ARCHITECTURE.md, "Slices"), checked on the import graph:
// no module imports itself back through others, and the slices' server code forms a layered graph
// with no cycle between slices. Lint (eslint.config.mjs) checks the other half: imports of another
// slice's server code go through its public entry point, `@/features/<slice>/server`.

const root = resolve(__dirname, "../../..");
const src = join(root, "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "generated") return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

const files = sourceFiles(src);
const known = new Set(files);

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = join(src, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** Value imports only: `import type` is erased and cannot form a runtime cycle. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [
    ...[...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm)].map((m) => m[1]),
    ...[...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]),
  ];
  return specifiers.map((s) => resolveImport(file, s)).filter((f): f is string => f !== null);
}

const graph = new Map(files.map((f) => [f, importsOf(f)]));

function findCycle(nodes: Iterable<string>, edges: (n: string) => Iterable<string>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (n: string): string[] | null => {
    if (state.get(n) === "done") return null;
    if (state.get(n) === "open") return [...stack.slice(stack.indexOf(n)), n];
    state.set(n, "open");
    stack.push(n);
    for (const m of edges(n)) {
      const cycle = visit(m);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(n, "done");
    return null;
  };
  for (const n of nodes) {
    const cycle = visit(n);
    if (cycle) return cycle;
  }
  return null;
}

const sliceOf = (file: string) => /^src\/features\/([^/]+)\//.exec(relative(root, file))?.[1] ?? null;
/** A slice's domain layer: server/ and its pure top-level modules; not its actions, components. */
const isDomain = (file: string) => sliceOf(file) !== null && !/\/(actions|components)\//.test(file);

describe("import graph of src/", () => {
  it("has no module cycle", () => {
    const cycle = findCycle(graph.keys(), (f) => graph.get(f) ?? []);
    expect(cycle?.map((f) => relative(root, f)) ?? null).toBeNull();
  });

  it("has no cycle between the slices' domain layers (server code and pure modules)", () => {
    const edges = new Map<string, Set<string>>();
    for (const [file, imports] of graph) {
      const from = sliceOf(file);
      if (!from || !isDomain(file)) continue;
      for (const target of imports) {
        const to = sliceOf(target);
        if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    expect(findCycle(edges.keys(), (s) => edges.get(s) ?? [])).toBeNull();
  });

  it("keeps src/server, src/lib and src/components free of feature slices", () => {
    const offending = [...graph].flatMap(([file, imports]) =>
      /^src\/(server|lib|components)\//.test(relative(root, file)) ? imports.filter((t) => sliceOf(t)).map((t) => `${relative(root, file)} → ${relative(root, t)}`) : [],
    );
    expect(offending).toEqual([]);
  });
});
