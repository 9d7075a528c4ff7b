// Errors from the database driver (PGlite or node-postgres), however drizzle wraps them.

/** A unique constraint was violated (PostgreSQL 23505), e.g. the same request id twice. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === "object"; depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The constraint (or unique index) a unique violation names, or null for any other error. */
export function uniqueViolationOf(err: unknown): string | null {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === "object"; depth++) {
    const c = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (c.code === "23505") return typeof c.constraint === "string" ? c.constraint : "";
    e = c.cause;
  }
  return null;
}
