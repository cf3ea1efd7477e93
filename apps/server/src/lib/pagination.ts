import type { PageInfo, PageQuery } from '@portal/shared';
import { badRequest } from './app-error.js';

/**
 * Keyset pages (packages/shared/src/schemas/pagination.ts). A cursor names the last row of the
 * page before by its id(s), never by its values: the query reads the sort key from that row
 * (within the caller's institution), so the cursor carries nothing to validate but ids, and a
 * forged one can only give an empty page.
 */
export interface Page {
  limit: number;
  /** The ids of the last row of the page before; null for the first page. */
  after: string[] | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const INVALID_CURSOR = 'Invalid cursor: use the next_cursor of the page before.';

export function cursorOf(ids: string[]): string {
  return Buffer.from(ids.join(',')).toString('base64url');
}

/** The page a query asks for; `parts` is how many ids this list's cursors hold. */
export function readPage(query: PageQuery, defaultLimit: number, parts = 1): Page {
  const limit = query.limit ?? defaultLimit;
  if (query.cursor === undefined) return { limit, after: null };
  const ids = Buffer.from(query.cursor, 'base64url').toString('utf8').split(',');
  if (ids.length !== parts || !ids.every((id) => UUID.test(id))) {
    throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  }
  return { limit, after: ids };
}

/**
 * The page out of `rows`, read with `limit + 1` (the extra row tells whether a next page exists);
 * `keyOf` gives a row's cursor ids, `total` the whole list's count (first page only).
 */
export function pageOf<Row>(
  rows: Row[],
  page: Page,
  keyOf: (row: Row) => string[],
  total: number | null,
): { rows: Row[]; page: PageInfo } {
  const more = rows.length > page.limit;
  const kept = more ? rows.slice(0, page.limit) : rows;
  const last = kept.at(-1);
  return {
    rows: kept,
    page: {
      limit: page.limit,
      next_cursor: more && last ? cursorOf(keyOf(last)) : null,
      total: page.after === null ? total : null,
    },
  };
}
