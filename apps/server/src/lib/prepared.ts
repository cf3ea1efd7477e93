import { createHash } from 'node:crypto';
import { Placeholder, type SQL } from 'drizzle-orm';
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
    name = statementName(text);
    if (namesByText.size >= MAX_NAMES) namesByText.clear();
    namesByText.set(text, name);
  }
  return clientOf(db).query<Row>({ name, text, values: params });
}

const statementName = (text: string) =>
  `q_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;

/**
 * A hot statement whose SQL never changes, its values named with `sql.placeholder(name)`: the text
 * is built from the template once, on the first call, so a call only lines up its values. For the
 * largest statements building the text on every call cost the portal more than sending it (the
 * submit's about 0.1 ms). `Name` lists the placeholders, so a call cannot leave one out.
 */
export function fixedStatement<Name extends string>(build: () => SQL) {
  let built: { name: string; text: string; slots: ({ placeholder: Name } | { value: unknown })[] } | null =
    null;
  return <Row extends pg.QueryResultRow>(
    executor: Database | Transaction,
    values: Record<Name, unknown>,
  ): Promise<{ rows: Row[] }> => {
    if (!built) {
      const { sql: text, params } = dialect.sqlToQuery(build());
      const slots = params.map((param) =>
        param instanceof Placeholder ? { placeholder: param.name as Name } : { value: param },
      );
      built = { name: statementName(text), text, slots };
    }
    const { name, text, slots } = built;
    const ordered = slots.map((slot) => ('placeholder' in slot ? values[slot.placeholder] : slot.value));
    return clientOf(executor).query<Row>({ name, text, values: ordered });
  };
}

/**
 * The pool of a Database, or the connection a transaction holds: Drizzle keeps it on the
 * transaction's session (not in its typings), and a statement of the transaction must go to it.
 */
function clientOf(executor: Database | Transaction): pg.Pool | pg.PoolClient {
  if ('$client' in executor) return executor.$client;
  return (executor as unknown as { session: { client: pg.PoolClient } }).session.client;
}
