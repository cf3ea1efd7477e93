import pg from 'pg';
import { vi } from 'vitest';
import { FLUSH_STATEMENT } from '../modules/learning/time-spent-buffer.js';

/**
 * The time-spent buffer's write is no request's own: once a second it writes every heartbeat and
 * entry of that second, of every student, in one statement, whenever its timer fires.
 */
const isRequestStatement = ([config]: unknown[]) =>
  (config as { name?: string } | undefined)?.name !== FLUSH_STATEMENT;

/**
 * How many SQL statements `run` sends to PostgreSQL. Every pooled connection is a `pg.Client`, so
 * counting its `query` calls counts what the route really asks, prepared statements included; the
 * time-spent buffer's write is left out, so a count does not depend on when its timer fires.
 */
export async function countQueries(run: () => Promise<unknown>): Promise<number> {
  return (await queryTexts(run)).length;
}

/** The SQL texts of the statements `run` sends, as `countQueries` counts them. */
export async function queryTexts(run: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await run();
    return spy.mock.calls
      .filter(isRequestStatement)
      .map(([query]) => (typeof query === 'string' ? query : String((query as { text?: string }).text)));
  } finally {
    spy.mockRestore();
  }
}
