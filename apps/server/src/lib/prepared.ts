import type { Database } from '../db/client.js';

/**
 * A named prepared statement, built once per Database. PostgreSQL then parses and plans the
 * hot read queries once per pooled connection instead of on every request: for these joins
 * planning costs several times more than running them (measured with EXPLAIN (ANALYZE, SUMMARY)).
 * `name` must identify one SQL text: node-postgres refuses a known name with another text.
 */
const statements = new WeakMap<Database, Map<string, unknown>>();

export function preparedStatement<T>(db: Database, name: string, build: (name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(name);
    byName.set(name, statement);
  }
  return statement;
}
