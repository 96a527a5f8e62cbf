import type pg from "pg";

export function migrateDeploy(db: pg.Client, dir?: string, log?: (message: string) => void): Promise<string[]>;
