export const MIGRATIONS_DIR: string;
export function migrationName(raw: string | undefined): string;
export function ensureMigrationsDir(dir?: string): void;
export function readMigrations(dir?: string): { name: string; sql: string }[];
export function writeMigration(name: string, sql: string, dir?: string): string;
