import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database, Transaction } from '../db/client.js';

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

/**
 * Runs a hand-written SQL text (`$1`, `$2` … for its values) as a named prepared statement of the
 * pool, for hot queries the query builder cannot prepare (lateral joins, aggregates over
 * subqueries). As with `preparedStatement`, one name is one text.
 */
export async function queryPrepared<Row extends pg.QueryResultRow>(
  pool: pg.Pool,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const result = await pool.query<Row>({ name, text, values });
  return result.rows;
}

const dialect = new PgDialect();
const namesByText = new Map<string, string>();
const MAX_NAMES = 1000;

/**
 * Runs a query built with Drizzle's `sql` template as a named prepared statement, named after its
 * text: queries assembled from a few optional parts (the doubt lists' filters) get one plan per
 * shape and connection instead of one per request. Values stay parameters, never part of the name.
 */
export async function executePrepared<Row extends pg.QueryResultRow>(
  db: Database | Transaction,
  query: SQL,
): Promise<{ rows: Row[] }> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = namesByText.get(text);
  if (!name) {
    name = `q_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    if (namesByText.size >= MAX_NAMES) namesByText.clear();
    namesByText.set(text, name);
  }
  return clientOf(db).query<Row>({ name, text, values: params });
}

/**
 * The pool of a Database, or the connection a transaction holds: Drizzle keeps it on the
 * transaction's session (not in its typings), and a statement of the transaction must go to it.
 */
function clientOf(executor: Database | Transaction): pg.Pool | pg.PoolClient {
  if ('$client' in executor) return executor.$client;
  return (executor as unknown as { session: { client: pg.PoolClient } }).session.client;
}
