export type TestDatabase = { name: string; url: string; serverUrl: string };
export type TestServer = { url: string; embedded: boolean; stop: () => Promise<void> };
export function assertLocal(url: string): void;
export function withDatabase(url: string, name: string): string;
export function startTestServer(options?: { named?: string; log?: (m: string) => void; durable?: boolean }): Promise<TestServer>;
export function createTestDatabase(serverUrl: string, options?: { migrate?: boolean; prefix?: string }): Promise<TestDatabase>;
export function dropTestDatabase(database: TestDatabase): Promise<void>;
