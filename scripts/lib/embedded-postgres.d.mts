export type EmbeddedPostgres = { url: string; serverUrl: string; dir: string; port: number; pid: number; stop: () => Promise<void> };
export function startEmbeddedPostgres(options?: { dir?: string; port?: number; database?: string; ephemeral?: boolean; durable?: boolean; log?: (m: string) => void }): Promise<EmbeddedPostgres>;
export function freePort(preferred?: number): Promise<number>;
