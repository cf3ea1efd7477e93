import { Button, Stack, Text } from '@mantine/core';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../lib/api';
import type { PagedList } from '../lib/paged-list';

type LoadMoreList = Pick<
  PagedList<unknown>,
  'items' | 'total' | 'hasMore' | 'pages' | 'loadMore' | 'loadingMore' | 'loadMoreError'
>;

interface LoadMoreProps {
  list: LoadMoreList;
  /**
   * Card lists: the next page loads as the list's end comes near the screen (infinite scroll);
   * the button stays for whoever prefers it, or a browser without IntersectionObserver.
   */
  auto?: boolean;
}

/**
 * The foot of a paged list (lib/paged-list.ts): 'Showing n of total' and a 'Load more' button.
 * Nothing shows while the whole list fits in one page.
 */
export function LoadMore({ list, auto = false }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(list.loadMore);
  loadMore.current = list.loadMore;
  const watching = auto && list.hasMore && !list.loadMoreError;

  // A new observer after every page: it reports at once whether the end is still in view (a page
  // shorter than the screen), which asks for the next one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `list.pages` re-arms the observer.
  useEffect(() => {
    const node = sentinel.current;
    if (!watching || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin: '0px 0px 300px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [watching, list.pages]);

  if (!list.hasMore && list.pages <= 1) return null;
  return (
    <Stack align="center" gap={6} py="sm" data-testid="load-more">
      {list.total !== null && (
        <Text size="sm" c="dimmed" data-testid="showing-count">
          {formatMessage(LABELS.showingOf, { shown: String(list.items.length), total: String(list.total) })}
        </Text>
      )}
      {list.loadMoreError !== null && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(list.loadMoreError)}
        </Text>
      )}
      {list.hasMore && (
        <Button variant="light" onClick={list.loadMore} loading={list.loadingMore}>
          {LABELS.loadMore}
        </Button>
      )}
      {watching && <div ref={sentinel} aria-hidden style={{ height: 1, width: '100%' }} />}
    </Stack>
  );
}
