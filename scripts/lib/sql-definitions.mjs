// Which functions and triggers a sequence of SQL scripts (the migrations, in order) leaves in force,
// read from their text, and the statements that take them to a target script's definitions. Enough
// SQL for what the migrations here write: quotes, dollar quotes and comments; unqualified names.

// A comment, a quoted literal or identifier, a dollar-quoted body, a semicolon, or anything else.
const TOKEN = /--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|"(?:[^"]|"")*"|(\$(?:[A-Za-z_]\w*)?\$)[\s\S]*?\1|;|[^-/'"$;]+|[\s\S]/g;

/** The statements of a script, comments outside bodies dropped, each ending with ";". */
export function splitStatements(sql) {
  const statements = [];
  let current = "";
  for (const [token] of sql.matchAll(TOKEN)) {
    if (token.startsWith("--") || token.startsWith("/*")) continue;
    if (token !== ";") {
      current += token;
      continue;
    }
    if (current.trim()) statements.push(`${current.trim()};`);
    current = "";
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

const CREATE_FUNCTION = /^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+"?(\w+)"?\s*\(([^)]*)\)/i;
const DROP_FUNCTION = /^DROP\s+FUNCTION\s+(?:IF\s+EXISTS\s+)?"?(\w+)"?/i;
const CREATE_TRIGGER = /^CREATE\s+(?:OR\s+REPLACE\s+)?TRIGGER\s+"?(\w+)"?\s[\s\S]*?\sON\s+"?(\w+)"?[\s\S]*\sEXECUTE\s+(?:FUNCTION|PROCEDURE)\s+"?(\w+)"?/i;
const DROP_TRIGGER = /^DROP\s+TRIGGER\s+(?:IF\s+EXISTS\s+)?"?(\w+)"?\s+ON\s+"?(\w+)"?/i;

/**
 * key ("function <name>" | "trigger <name> on <table>") → { kind, key, create (its defining
 * statement), drop (the statement that removes it), function (the one it is or executes) }.
 */
export function definitionsIn(scripts) {
  const defined = new Map();
  const define = (definition) => {
    defined.delete(definition.key); // a re-created object moves to where it was last defined
    defined.set(definition.key, definition);
  };
  for (const create of scripts.flatMap(splitStatements)) {
    let m;
    if ((m = CREATE_FUNCTION.exec(create))) {
      define({ kind: "function", key: `function ${m[1]}`, create, drop: `DROP FUNCTION IF EXISTS ${m[1]}(${m[2]});`, function: m[1] });
    } else if ((m = DROP_FUNCTION.exec(create))) {
      defined.delete(`function ${m[1]}`);
    } else if ((m = CREATE_TRIGGER.exec(create))) {
      define({ kind: "trigger", key: `trigger ${m[1]} on ${m[2]}`, create, drop: `DROP TRIGGER IF EXISTS "${m[1]}" ON "${m[2]}";`, function: m[3] });
    } else if ((m = DROP_TRIGGER.exec(create))) {
      defined.delete(`trigger ${m[1]} on ${m[2]}`);
    }
  }
  return defined;
}

/**
 * The statements that take what `scripts` leave in force to `target`'s functions and triggers: each
 * one defined differently or not yet (a trigger dropped first: CREATE TRIGGER does not replace), and
 * a drop for each one in force that `owned` claims (a function's name, or the function a trigger
 * executes) but `target` no longer defines. Empty when the scripts already install `target`.
 */
export function statementsToReach(target, scripts, owned) {
  const wanted = definitionsIn([target]);
  const current = definitionsIn(scripts);
  const changed = [...wanted.values()].filter((d) => current.get(d.key)?.create !== d.create);
  const gone = [...current.values()].filter((d) => !wanted.has(d.key) && owned.test(d.function));
  return [
    ...gone.filter((d) => d.kind === "trigger").map((d) => d.drop),
    ...changed.map((d) => (d.kind === "trigger" ? `${d.drop}\n${d.create}` : d.create)),
    ...gone.filter((d) => d.kind === "function").map((d) => d.drop),
  ];
}
