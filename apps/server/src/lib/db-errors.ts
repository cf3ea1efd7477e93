/** PostgreSQL's SQLSTATE of an error, whether raised by pg directly or wrapped by Drizzle. */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const code = typeof current === 'object' ? (current as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && code.length === 5) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL's unique_violation. */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/**
 * An error of the data written (class 22, data exception; class 23, a constraint refused it), not
 * of the database or the connection: the same write of other rows may succeed.
 */
export function isDataError(error: unknown): boolean {
  const state = sqlState(error);
  return state?.startsWith('22') === true || state?.startsWith('23') === true;
}
