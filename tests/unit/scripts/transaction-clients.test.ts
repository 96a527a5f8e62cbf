import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { findGlobalClientInTransactions } from "../../../scripts/lib/transaction-clients.mjs";

// The lint check behind `npm run lint` (scripts/check-transactions.mjs) on a small program shaped
// like the app: a db module, a slice whose service re-exports helpers, and the ways code reaches
// (or must not be blamed for reaching) the global client inside a transaction.

const root = mkdtempSync(path.join(tmpdir(), "tx-clients-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const files: Record<string, string> = {
  "server/db.ts": `
    type Client = { version: { findMany(): Promise<string[]> }; $transaction<T>(work: (t: Client) => Promise<T>): Promise<T> };
    export declare const db: Client;
    export type Tx = Client;
    export function inTransaction<T>(outer: Tx | undefined, work: (t: Tx) => Promise<T>) { return outer ? work(outer) : db.$transaction(work); }`,
  "slice/chain.ts": `
    import { db, type Tx } from "../server/db";
    export async function chainOf() { return db.version.findMany(); }
    export async function chainWith(client: Tx) { return client.version.findMany(); }
    export async function withDefault(input: string, t: Tx = db) { return t.version.findMany(); }
    export async function onlyOutside() { return db.version.findMany(); }`,
  "slice/index.ts": `export { chainOf, chainWith, withDefault, onlyOutside } from "./chain";`,
  "slice/approve.ts": `
    import { db, inTransaction } from "../server/db";
    import { chainOf, chainWith, withDefault } from "./index";
    const guard = async () => chainOf();
    export const approve = () => db.$transaction(async (t) => { await guard(); return chainWith(t); });
    export const reject = () => db.$transaction(async (t) => withDefault("x", t));
    export const revert = () => db.$transaction(async (t) => { await withDefault("x"); return t; });
    async function write(t: import("../server/db").Tx) { return [t, [1].map(() => chainOf())]; }
    export const nested = (outer?: import("../server/db").Tx) => inTransaction(outer, write);
    export const named = () => db.$transaction(write);`,
};

describe("findGlobalClientInTransactions", () => {
  it("reports the global client reached from a transaction, with the path, and nothing else", () => {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const { transactions, findings } = findGlobalClientInTransactions({
      files: Object.keys(files).map((f) => path.join(root, f)),
      // No default library: symbols resolve without it, and loading it takes seconds.
      options: { strict: true, noLib: true, types: [], target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, noEmit: true },
      dbFile: path.join(root, "server/db.ts"),
      root,
    });
    expect(transactions).toBe(4);
    expect(findings.map((f) => f.at).sort()).toEqual(["slice/chain.ts:3", "slice/chain.ts:5"]);
    // chainOf through a helper and a re-export; withDefault only where the call leaves out its client.
    expect(findings.find((f) => f.at === "slice/chain.ts:3")!.path).toEqual(["$transaction at slice/approve.ts:5", "guard (slice/approve.ts:4)", "chainOf (slice/chain.ts:3)"]);
    expect(findings.find((f) => f.at === "slice/chain.ts:5")!.path).toEqual(["$transaction at slice/approve.ts:7", "withDefault (slice/chain.ts:5)"]);
  }, 30_000);
});
