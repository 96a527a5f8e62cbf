#!/usr/bin/env node
// npm run db:rules                                   rewrite prisma/sql/feedback-rules.sql from rules.ts
// npm run db:rules -- --check                        exit 1 if that file or the migrations lag rules.ts
// npm run db:rules -- --migration <name> [--backfill]  rewrite it and write the migration it needs
//
// The feedback rules live in src/features/feedback/rules.ts; rules-sql.ts turns them into the
// trigger functions, whose complete definition is the checked-in file. The database gets it only
// through migrations (applied ones never change), so --migration compares the file with what the
// migrations leave in force and, when they differ, writes a new one with just the statements that
// differ (drops included). No backfill by default: a rule change applies to rows written from then
// on, each source row being classified once; --backfill appends the rules' backfill, for rows
// that have no item yet (see src/features/feedback/README.md).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { migrationName, readMigrations, writeMigration } from "./lib/migrations.mjs";
import { statementsToReach } from "./lib/sql-definitions.mjs";

const args = process.argv.slice(2);
const check = args.includes("--check");
const backfill = args.includes("--backfill");
const at = args.indexOf("--migration");
const name = at >= 0 ? migrationName(args[at + 1]?.startsWith("--") ? "" : args[at + 1]) : null;
if (name === "" || (backfill && name === null)) {
  console.error("usage: npm run db:rules [-- --check | --migration <name> [--backfill]]");
  process.exit(1);
}

const rules = await tsImport("../src/features/feedback/rules-sql.ts", import.meta.url);
const file = rules.FEEDBACK_RULES_FILE;
const sql = rules.feedbackRulesFileSql();
const stale = !existsSync(file) || readFileSync(file, "utf8") !== sql;
const missing = statementsToReach(sql, readMigrations().map((m) => m.sql), rules.RULE_FUNCTION_NAME);
const migrate = `npm run db:rules -- --migration <name>`;

if (check) {
  if (stale) console.error(`${file} is not what src/features/feedback/rules.ts generates: run npm run db:rules.`);
  if (missing.length) console.error(`The migrations do not install what rules.ts generates (${missing.length} statement(s) differ): run ${migrate}.`);
  process.exit(stale || missing.length ? 1 : 0);
}

if (stale) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, sql);
  console.log(`Wrote ${file}.`);
} else {
  console.log(`${file} is up to date.`);
}
if (!missing.length) {
  console.log(name ? "The migrations already install it: no migration written." : "The migrations install it.");
} else if (!name) {
  console.log(`The migrations do not install it yet (${missing.length} statement(s) differ): run ${migrate}.`);
} else {
  const command = `npm run db:rules -- --migration ${name}${backfill ? " --backfill" : ""}`;
  const migration = writeMigration(name, [
    `-- Feedback rules: ${name} (say why here). Written by \`${command}\`:`,
    `-- the statements that take the previous migrations to ${file}.`,
    "",
    missing.join("\n\n"),
    ...(backfill ? ["", rules.feedbackBackfillSql()] : []),
  ].join("\n") + "\n");
  console.log(`Wrote ${migration} (review it, commit it with rules.ts and ${file}, then: npm run db:deploy).`);
}
