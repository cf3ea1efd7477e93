import type { assessmentPageInfoSchema, assessmentPageQuerySchema } from '@portal/shared';
import type { z } from 'zod';
import { badRequest } from '../../lib/app-error.js';

type PageQuery = z.infer<typeof assessmentPageQuerySchema>;
type PageInfo = z.infer<typeof assessmentPageInfoSchema>;

/**
 * Keyset pages of the assessment and self-assessment lists. A cursor names the last row of the
 * page before by its id, never by its values: the query reads that row's sort key (within the
 * caller's institution), so a forged cursor can only give an empty page.
 */
export interface Page {
  limit: number;
  /** The id of the last row of the page before; null for the first page. */
  after: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const INVALID_CURSOR = 'Invalid cursor: use the next_cursor of the page before.';

export const cursorOf = (id: string) => Buffer.from(id).toString('base64url');

export function readPage(query: PageQuery, defaultLimit: number): Page {
  const limit = query.limit ?? defaultLimit;
  if (query.cursor === undefined) return { limit, after: null };
  const id = Buffer.from(query.cursor, 'base64url').toString('utf8');
  if (!UUID.test(id)) throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  return { limit, after: id };
}

/** The page out of rows read with `limit + 1` (the extra row tells whether a next page exists). */
export function pageOf<Row extends { id: string }>(
  rows: Row[],
  page: Page,
  total: number | null,
): { rows: Row[]; page: PageInfo } {
  const more = rows.length > page.limit;
  const kept = more ? rows.slice(0, page.limit) : rows;
  const last = kept.at(-1);
  return {
    rows: kept,
    page: {
      limit: page.limit,
      next_cursor: more && last ? cursorOf(last.id) : null,
      total: page.after === null ? total : null,
    },
  };
}
