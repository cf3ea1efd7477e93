import pg from 'pg';
import { vi } from 'vitest';

/**
 * How many SQL statements `run` sends to PostgreSQL. Every pooled connection is a `pg.Client`, so
 * counting its `query` calls counts what the route really asks, prepared statements included.
 */
export async function countQueries(run: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
