/**
 * True when `e`, or an error it wraps (Prisma's `cause` and `meta`, a driver adapter's
 * `originalCode`), is PostgreSQL's error `code` (SQLSTATE), or carries its `message`.
 */
export function isPostgresError(e: unknown, code: string, message: string): boolean {
  for (let x: unknown = e, depth = 0; x && depth < 5; depth++) {
    const o = x as { code?: unknown; originalCode?: unknown; meta?: { code?: unknown }; message?: unknown; cause?: unknown };
    if (o.code === code || o.originalCode === code || o.meta?.code === code) return true;
    if (typeof o.message === "string" && o.message.includes(message)) return true;
    x = o.cause;
  }
  return false;
}
