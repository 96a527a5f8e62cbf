// Types of standalone.mjs (the standalone production server's files).
export function distDirOf(env?: Record<string, string | undefined>): string;
export function standalonePaths(distDir?: string): { dir: string; server: string };
export function hasStandaloneBuild(distDir?: string): boolean;
/** Copies the public files, static assets and migrations beside the server; returns server.js's path. */
export function prepareStandalone(distDir?: string): string;
