export type SqlDefinition = { kind: "function" | "trigger"; key: string; create: string; drop: string; function: string };
export function splitStatements(sql: string): string[];
export function definitionsIn(scripts: string[]): Map<string, SqlDefinition>;
export function statementsToReach(target: string, scripts: string[], owned: RegExp): string[];
