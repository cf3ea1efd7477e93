import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fetchAllPages,
  type PagedView,
  pagedListOptions,
  pagedView,
  pageUrl,
  totalsBySubject,
} from './paged-list';

interface Row {
  _id: string;
}

/**
 * A keyset-paged list as the server answers it (lib/pagination.ts): `limit` rows after the row the
 * cursor names, `next_cursor` null on the last page, `total` on the first page only (or never, for
 * an uncounted list).
 */
function serveList(rows: () => Row[], options: { listKey: string; defaultLimit: number; counted?: boolean }) {
  const requests: URL[] = [];
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://portal.test');
    requests.push(url);
    const limit = Number(url.searchParams.get('limit') ?? options.defaultLimit);
    const cursor = url.searchParams.get('cursor');
    const all = rows();
    const start = cursor === null ? 0 : all.findIndex((row) => row._id === cursor) + 1;
    const slice = all.slice(start, start + limit);
    const more = start + limit < all.length;
    const page = {
      limit,
      next_cursor: more ? slice.at(-1)!._id : null,
      total: cursor === null && options.counted !== false ? all.length : null,
    };
    return new Response(JSON.stringify({ data: { [options.listKey]: slice, page } }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

const rowsNamed = (count: number, prefix = 'row') =>
  Array.from({ length: count }, (_, index) => ({ _id: `${prefix}-${index + 1}` }));

function observe(client: QueryClient, source: Parameters<typeof pagedListOptions<Row>>[0]) {
  const observer = new InfiniteQueryObserver(client, pagedListOptions<Row>(source));
  const unsubscribe = observer.subscribe(() => {});
  const view = (): PagedView<Row> => pagedView(observer.getCurrentResult().data);
  return { observer, unsubscribe, view };
}

/** Waits for the observer's fetch to settle. */
async function settled(observer: { getCurrentResult(): { isFetching: boolean; status: string } }) {
  await vi.waitFor(() => {
    const result = observer.getCurrentResult();
    expect(result.isFetching).toBe(false);
    expect(result.status).not.toBe('pending');
  });
}

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
});

describe('pageUrl', () => {
  it('sends the filters, the page size and the cursor, leaving out what is unset', () => {
    expect(pageUrl('/doubts')).toBe('/doubts');
    expect(pageUrl('/doubts', { status: 'new', batch_subject_id: undefined })).toBe('/doubts?status=new');
    expect(pageUrl('/doubts', { status: 'new' }, 'abc_-', 1)).toBe('/doubts?status=new&limit=1&cursor=abc_-');
    expect(pageUrl('/users/me/pending-items', { date: '2025-01-06' }, null)).toBe(
      '/users/me/pending-items?date=2025-01-06',
    );
  });
});

describe('a paged list', () => {
  it('reads the first page, then each next one from the cursor, until next_cursor is null', async () => {
    const rows = rowsNamed(5);
    const { requests } = serveList(() => rows, { listKey: 'notes', defaultLimit: 2 });
    const { observer, unsubscribe, view } = observe(client, {
      queryKey: ['notes'],
      path: '/users/me/notes',
      listKey: 'notes',
    });

    await settled(observer);
    expect(view()).toEqual({ items: rows.slice(0, 2), total: 5, hasMore: true, pages: 1 });
    expect(requests[0]!.pathname).toBe('/api/users/me/notes');
    expect(requests[0]!.search).toBe('');

    await observer.fetchNextPage();
    // The cursor is the one the page before gave; the total stays the first page's.
    expect(requests[1]!.searchParams.get('cursor')).toBe('row-2');
    expect(view()).toEqual({ items: rows.slice(0, 4), total: 5, hasMore: true, pages: 2 });

    await observer.fetchNextPage();
    expect(view()).toEqual({ items: rows, total: 5, hasMore: false, pages: 3 });
    expect(observer.getCurrentResult().hasNextPage).toBe(false);

    // The end: nothing more is asked for.
    await observer.fetchNextPage();
    expect(requests).toHaveLength(3);
    unsubscribe();
  });

  it('keeps filters and the page size on every page', async () => {
    const { requests } = serveList(() => rowsNamed(3), { listKey: 'doubts', defaultLimit: 50 });
    const { observer, unsubscribe, view } = observe(client, {
      queryKey: ['doubts', 'new'],
      path: '/doubts',
      listKey: 'doubts',
      params: { status: 'new', batch_subject_id: undefined },
      limit: 1,
    });
    await settled(observer);
    await observer.fetchNextPage();
    expect(requests.map((url) => url.search)).toEqual([
      '?status=new&limit=1',
      '?status=new&limit=1&cursor=row-1',
    ]);
    expect(view()).toMatchObject({ total: 3, hasMore: true });
    unsubscribe();
  });

  it('ends on a first page whose next_cursor is null', async () => {
    serveList(() => rowsNamed(2), { listKey: 'students', defaultLimit: 50 });
    const { observer, unsubscribe, view } = observe(client, {
      queryKey: ['students'],
      path: '/batches/b/students',
      listKey: 'students',
    });
    await settled(observer);
    expect(view()).toEqual({ items: rowsNamed(2), total: 2, hasMore: false, pages: 1 });
    unsubscribe();
  });

  it('counts an uncounted list (home lists) only once its last page is in', async () => {
    serveList(() => rowsNamed(3), { listKey: 'pending_items', defaultLimit: 2, counted: false });
    const { observer, unsubscribe, view } = observe(client, {
      queryKey: ['pending'],
      path: '/users/me/pending-items',
      listKey: 'pending_items',
    });
    await settled(observer);
    expect(view()).toMatchObject({ total: null, hasMore: true });
    await observer.fetchNextPage();
    expect(view()).toMatchObject({ total: 3, hasMore: false });
    unsubscribe();
  });

  it('shows a write at once: refreshing reads every loaded page again, with the new total', async () => {
    let rows = rowsNamed(3);
    serveList(() => rows, { listKey: 'notes', defaultLimit: 2 });
    const { observer, unsubscribe, view } = observe(client, {
      queryKey: ['learn', 'notes', 'mine'],
      path: '/users/me/notes',
      listKey: 'notes',
    });
    await settled(observer);
    await observer.fetchNextPage();
    expect(view()).toMatchObject({ total: 3, hasMore: false, pages: 2 });

    rows = [{ _id: 'new-note' }, ...rows];
    await client.invalidateQueries({ queryKey: ['learn', 'notes'] });
    await settled(observer);
    expect(view()).toEqual({
      items: [{ _id: 'new-note' }, ...rowsNamed(3)],
      total: 4,
      hasMore: false,
      pages: 2,
    });
    unsubscribe();
  });

  it('is empty before any page is in', () => {
    expect(pagedView(undefined)).toEqual({ items: [], total: null, hasMore: false, pages: 0 });
  });
});

describe('fetchAllPages', () => {
  it('follows the cursors to the end with the largest pages', async () => {
    const rows = rowsNamed(450);
    const { requests } = serveList(() => rows, { listKey: 'batch_subjects', defaultLimit: 50 });
    await expect(
      fetchAllPages<Row>({ path: '/batch-subjects', listKey: 'batch_subjects', params: { batch_id: 'b1' } }),
    ).resolves.toEqual(rows);
    expect(requests.map((url) => url.search)).toEqual([
      '?batch_id=b1&limit=200',
      '?batch_id=b1&limit=200&cursor=row-200',
      '?batch_id=b1&limit=200&cursor=row-400',
    ]);
  });
});

describe('totalsBySubject', () => {
  it('reads each shown subject’s count from one answer: undefined while loading, 0 when not named', () => {
    expect([...totalsBySubject(['a', 'b'], undefined)]).toEqual([
      ['a', undefined],
      ['b', undefined],
    ]);
    const answer = { counts: [{ batch_subject_id: 'a', total: 7 }] };
    expect([...totalsBySubject(['a', 'b'], answer)]).toEqual([
      ['a', 7],
      ['b', 0],
    ]);
  });
});
