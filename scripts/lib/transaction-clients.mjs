// Finds the global Prisma client (`db`) used in code that a `$transaction` callback reaches.
//
// Inside an interactive transaction every statement must go through the transaction's client: a
// read through `db` there asks the pool for a second connection while the transaction holds one
// (and often a row lock). Under a burst larger than the pool, every connection ends up held by a
// transaction waiting for that second one, and they all outlive their timeout together (issue 38:
// the oscillation guard's chainOf() read through `db` inside approveProposal's transaction).
//
// The check walks the call tree with TypeScript's checker: from each `$transaction(callback)` (an
// inline function, or a function named by an identifier), every identifier in the body that
// resolves to a function of the program with a body is followed into that body (calls, and
// functions passed as callbacks), through re-exports and across slices. An identifier that resolves
// to `db` (the export of `dbFile`) is a finding, with the path that reached it. Not followed: calls
// through values the checker cannot tie to a declaration (an object's function-typed property, a
// parameter). A parameter's default (`t: Tx = db`) counts only when the call leaves it out. The db
// module itself is trusted: `inTransaction(outer, work)` there is the one place that names `db`
// and may run inside a caller's transaction.
import path from "node:path";
import ts from "typescript";

const isFunction = (n) => ts.isFunctionDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isMethodDeclaration(n);

/**
 * @param {{ files: string[]; options: ts.CompilerOptions; dbFile: string; root: string }} input
 * @returns {{ transactions: number; findings: { at: string; path: string[] }[] }}
 */
export function findGlobalClientInTransactions({ files, options, dbFile, root }) {
  const program = ts.createProgram(files, options);
  const checker = program.getTypeChecker();
  const dbSource = program.getSourceFile(dbFile);
  if (!dbSource) throw new Error(`${dbFile} is not part of the program`);
  const dbSymbol = checker.getExportsOfModule(checker.getSymbolAtLocation(dbSource)).find((s) => s.name === "db");
  if (!dbSymbol) throw new Error(`${dbFile} exports no db`);
  const inProgram = new Set(files.map((f) => path.resolve(f)));
  const resolve = (s) => (s && s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
  const where = (n) => {
    const sf = n.getSourceFile();
    return `${path.relative(root, sf.fileName)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  };
  const functionOf = (decl) => {
    if (isFunction(decl)) return decl;
    if (ts.isVariableDeclaration(decl) && decl.initializer && isFunction(decl.initializer)) return decl.initializer;
    return null;
  };
  const followable = (fn) => fn?.body && inProgram.has(path.resolve(fn.getSourceFile().fileName)) && path.resolve(fn.getSourceFile().fileName) !== path.resolve(dbFile);

  const findings = new Map();
  /** Fewest arguments each function was reached with (its parameter defaults beyond that count). */
  const reached = new Map();

  function scan(fn, trail, suppliedArgs) {
    const before = reached.get(fn);
    if (before !== undefined && before <= suppliedArgs) return;
    reached.set(fn, suppliedArgs);
    fn.parameters.forEach((p, i) => {
      if (p.initializer && i >= suppliedArgs) visit(p.initializer, trail);
    });
    if (before === undefined) visit(fn.body, trail);
  }

  function visit(node, trail) {
    if (ts.isIdentifier(node) && !ts.isImportSpecifier(node.parent) && !ts.isExportSpecifier(node.parent)) {
      const symbol = resolve(checker.getSymbolAtLocation(node));
      if (symbol === dbSymbol) {
        const at = where(node);
        if (!findings.has(at)) findings.set(at, trail);
      } else if (symbol?.declarations) {
        const call = ts.isCallExpression(node.parent) && node.parent.expression === node ? node.parent
          : ts.isPropertyAccessExpression(node.parent) && node.parent.name === node && ts.isCallExpression(node.parent.parent) && node.parent.parent.expression === node.parent ? node.parent.parent
          : null;
        for (const decl of symbol.declarations) {
          const fn = functionOf(decl);
          if (followable(fn)) scan(fn, [...trail, `${symbol.name} (${where(decl)})`], call ? call.arguments.length : 0);
        }
      }
    }
    ts.forEachChild(node, (child) => visit(child, trail));
  }

  let transactions = 0;
  for (const sf of program.getSourceFiles()) {
    if (!inProgram.has(path.resolve(sf.fileName))) continue;
    const roots = (node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "$transaction" && node.arguments[0]) {
        const arg = node.arguments[0];
        let fn = isFunction(arg) ? arg : null;
        if (!fn && ts.isIdentifier(arg)) for (const d of resolve(checker.getSymbolAtLocation(arg))?.declarations ?? []) fn ??= functionOf(d);
        if (fn?.body) {
          transactions++;
          reached.clear();
          scan(fn, [`$transaction at ${where(node)}`], 0);
        }
      }
      ts.forEachChild(node, roots);
    };
    roots(sf);
  }
  return { transactions, findings: [...findings].map(([at, trail]) => ({ at, path: trail })) };
}
