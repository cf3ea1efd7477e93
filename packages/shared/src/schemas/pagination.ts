import { z } from 'zod';

/**
 * Every list that grows with the school answers one page at a time (keyset pagination):
 * `?limit=` (1 … PAGE_SIZE_MAX, default per list) and `?cursor=` (the `next_cursor` of the page
 * before; opaque). The answer keeps the list under its usual name and adds `page` beside it.
 * Pages follow the list's own order with the id as tie-breaker, so a row written between two
 * requests never shows twice or shifts another out.
 */
export const PAGE_SIZE_MAX = 200;
export const PAGE_SIZE = {
  /** Doubts, notes and people lists. */
  default: 50,
  /** Home lists of a student (pending and last visited topics). */
  home: 20,
  /** Replies folded into each doubt of a doubt list; the rest page through the doubt's replies. */
  repliesInList: 20,
} as const;

export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(PAGE_SIZE_MAX, `limit must be at most ${PAGE_SIZE_MAX}.`)
    .optional(),
  cursor: z.string().min(1).max(1000).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageInfoSchema = z.object({
  limit: z.number().int(),
  /** The `cursor` of the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /**
   * How many items the whole list has: on the first page (no cursor); null on the next ones, and
   * on a student's home lists (pending and last visited topics), which the home does not count.
   */
  total: z.number().int().nullable(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/**
 * How many items a paged list holds per batch subject, for the counts beside a subject list (the
 * doubts and notes pages): one answer for every subject instead of one request each.
 */
export const batchSubjectCountsSchema = z.object({
  counts: z.array(z.object({ batch_subject_id: z.string(), total: z.number().int() })),
});
export type BatchSubjectCounts = z.infer<typeof batchSubjectCountsSchema>;
