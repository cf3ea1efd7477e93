import type { BatchSubjectCounts, PageInfo } from '@portal/shared';
import { PAGE_SIZE_MAX } from '@portal/shared/schemas/pagination';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryKey,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from './api';

/**
 * Lists that grow with the school answer one page at a time (`?limit=&cursor=`, the list under its
 * name and `page: { limit, next_cursor, total }` beside it; ARCHITECTURE.md "Pages"). This is the
 * web's one way to read them: a TanStack infinite query whose pages follow `next_cursor`, flattened
 * into the rows loaded so far, the list's total and whether more remain.
 */
export interface ListSource {
  queryKey: QueryKey;
  /** The API path without `/api`, e.g. `/doubts/topic/{id}`. */
  path: string;
  /** The answer's field holding the list (`doubts`, `note`, `students`, ...). */
  listKey: string;
  /** Filters sent with every page; undefined ones are left out. */
  params?: Record<string, string | undefined>;
  /** Rows per page; the server's default for the list when left out. */
  limit?: number;
  enabled?: boolean;
}

/** One page as the hook keeps it. */
export interface ListPage<Item> {
  items: Item[];
  page: PageInfo;
}

/** `/api` path of one page: the filters, the page size and the cursor of the page before. */
export function pageUrl(
  path: string,
  params: Record<string, string | undefined> = {},
  cursor: string | null = null,
  limit?: number,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  if (limit !== undefined) search.set('limit', String(limit));
  if (cursor !== null) search.set('cursor', cursor);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export async function fetchListPage<Item>(
  source: Pick<ListSource, 'path' | 'listKey' | 'params' | 'limit'>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ListPage<Item>> {
  const data = await api<Record<string, unknown>>(pageUrl(source.path, source.params, cursor, source.limit), {
    signal,
  });
  return { items: (data[source.listKey] ?? []) as Item[], page: data.page as PageInfo };
}

/** The infinite query of a paged list (exported for tests, which drive it without React). */
export function pagedListOptions<Item>(source: ListSource) {
  return infiniteQueryOptions({
    queryKey: source.queryKey,
    queryFn: ({ pageParam, signal }) => fetchListPage<Item>(source, pageParam, signal),
    initialPageParam: null as string | null,
    // null on the last page: TanStack then reports no next page.
    getNextPageParam: (last: ListPage<Item>) => last.page.next_cursor,
    enabled: source.enabled ?? true,
  });
}

export interface PagedView<Item> {
  /** Every row loaded so far, in the list's order. */
  items: Item[];
  /**
   * The whole list's count: the first page's `total`, or, for a list the server does not count
   * (a student's home lists), the rows loaded once the last page is in; null while unknown.
   */
  total: number | null;
  /** A next page exists. */
  hasMore: boolean;
  /** Pages loaded. */
  pages: number;
}

export function pagedView<Item>(data: InfiniteData<ListPage<Item>> | undefined): PagedView<Item> {
  const pages = data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const hasMore = (pages.at(-1)?.page.next_cursor ?? null) !== null;
  const counted = pages[0]?.page.total ?? null;
  return {
    items,
    total: counted ?? (pages.length > 0 && !hasMore ? items.length : null),
    hasMore,
    pages: pages.length,
  };
}

export interface PagedList<Item> extends PagedView<Item> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  /** Asks for the next page (nothing while one is on its way or none is left). */
  loadMore: () => void;
  loadingMore: boolean;
  /** The failure of the last "load more", if it failed (the rows loaded before stay). */
  loadMoreError: unknown;
}

/** A paged list, page by page: the first on mount, the next ones on `loadMore()`. */
export function usePagedList<Item>(source: ListSource): PagedList<Item> {
  const query = useInfiniteQuery(pagedListOptions<Item>(source));
  const view = useMemo(() => pagedView(query.data), [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  return {
    ...view,
    isPending: query.isPending,
    // A failed next page keeps the rows loaded; only a failed first load is the list's failure.
    isError: query.isError && !query.isFetchNextPageError,
    error: query.error,
    refetch: query.refetch,
    loadMore: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
    },
    loadingMore: isFetchingNextPage,
    loadMoreError: query.isFetchNextPageError ? query.error : null,
  };
}

/**
 * Every page of a list, for lookups and pickers that need the whole of a list bounded by its
 * owner (a student's or teacher's own subjects, one batch's subjects): the largest pages, followed
 * to the end.
 */
export async function fetchAllPages<Item>(
  source: Pick<ListSource, 'path' | 'listKey' | 'params'>,
  signal?: AbortSignal,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const page: ListPage<Item> = await fetchListPage<Item>(
      { ...source, limit: PAGE_SIZE_MAX },
      cursor,
      signal,
    );
    items.push(...page.items);
    cursor = page.page.next_cursor;
  } while (cursor !== null);
  return items;
}

/**
 * Per-subject counts from one `…/counts` answer (`batchSubjectCountsSchema`), for the ids shown:
 * undefined while it loads, 0 for a subject the answer does not name.
 */
export function totalsBySubject(
  batchSubjectIds: readonly string[],
  answer: BatchSubjectCounts | undefined,
): Map<string, number | undefined> {
  const known = new Map(answer?.counts.map((row) => [row.batch_subject_id, row.total]));
  return new Map(batchSubjectIds.map((id) => [id, answer ? (known.get(id) ?? 0) : undefined]));
}
