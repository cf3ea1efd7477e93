import type { SessionTimeTab } from '@portal/shared';
import { pagedView } from '../../lib/paged-list';
import { type SessionListFilters, useSessionList } from './api';

/** One tab of a session list read like every paged list, with both tabs' counts from its pages. */
export function useSessionTab(filters: SessionListFilters) {
  const list = useSessionList(filters);
  const view = pagedView(list.data);
  return {
    list,
    counts: list.data?.pages[0]?.counts,
    paged: {
      ...view,
      loadMore: () => {
        if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage({ cancelRefetch: false });
      },
      loadingMore: list.isFetchingNextPage,
      loadMoreError: list.isFetchNextPageError ? list.error : null,
    },
  };
}

export const tabOf = (value: string | null): SessionTimeTab =>
  value === 'previous' ? 'previous' : 'upcoming';
