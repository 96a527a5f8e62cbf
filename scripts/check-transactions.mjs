#!/usr/bin/env node
// npm run lint (after eslint): exit 1 when code reached from a `$transaction` callback in src/ uses
// the global Prisma client `db` instead of the transaction's — see scripts/lib/transaction-clients.mjs
// for what is followed and why it matters (docs/ARCHITECTURE.md, "Transactions").
import path from "node:path";
import ts from "typescript";
import { findGlobalClientInTransactions } from "./lib/transaction-clients.mjs";

const root = process.cwd();
const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n")); } });
const files = parsed.fileNames.filter((f) => f.startsWith(path.join(root, "src") + path.sep) && !f.includes(`${path.sep}generated${path.sep}`));
const { transactions, findings } = findGlobalClientInTransactions({ files, options: parsed.options, dbFile: path.join(root, "src/server/db.ts"), root });

if (findings.length) {
  console.error(`The global client \`db\` is used in code a transaction reaches (${findings.length}): pass the transaction's client instead.`);
  for (const f of findings) console.error(`  ${f.at}\n    reached by ${f.path.join(" → ")}`);
  process.exit(1);
}
console.log(`Transactions: ${transactions} \`$transaction\` callbacks, none reaches the global client.`);
