import type ts from "typescript";

export type Finding = { at: string; path: string[] };
export function findGlobalClientInTransactions(input: { files: string[]; options: ts.CompilerOptions; dbFile: string; root: string }): { transactions: number; findings: Finding[] };
