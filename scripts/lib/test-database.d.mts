export const DEFAULT_TEST_SERVER: string;
export type TestDatabase = { name: string; url: string; serverUrl: string };
export function assertLocal(url: string): void;
export function withDatabase(url: string, name: string): string;
export function createTestDatabase(serverUrl?: string, options?: { migrate?: boolean; prefix?: string }): Promise<TestDatabase>;
export function dropTestDatabase(database: TestDatabase): Promise<void>;
