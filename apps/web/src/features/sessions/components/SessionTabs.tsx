import { EmptyState, SimpleGrid, Stack, Tabs } from '@mantine/core';
import type { OnlineSession, OnlineSessionCounts, SessionTimeTab } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconCalendarOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { LoadMore } from '../../../components/LoadMore';
import { errorMessage } from '../../../lib/api';
import type { useSessionTab } from '../use-session-tab';

interface SessionTabsProps {
  when: SessionTimeTab;
  onTab: (when: SessionTimeTab) => void;
  tab: ReturnType<typeof useSessionTab>;
  card: (session: OnlineSession) => ReactNode;
  /** Filters beside the tabs. */
  filters?: ReactNode;
}

const tabLabel = (key: 'upcoming' | 'previous', counts: OnlineSessionCounts | undefined) =>
  formatMessage(key === 'upcoming' ? LABELS.sessionsUpcomingTab : LABELS.sessionsPreviousTab, {
    n: String(counts?.[key] ?? 0),
  });

/** The Upcoming and Previous tabs with their counts, and the tab's sessions as cards, newest first. */
export function SessionTabs({ when, onTab, tab, card, filters }: SessionTabsProps) {
  const { list, counts, paged } = tab;
  let content: ReactNode;
  if (list.isPending) content = <Loading />;
  else if (list.isError && !list.isFetchNextPageError) {
    content = <LoadFailed message={errorMessage(list.error)} retry={() => list.refetch()} />;
  } else if (paged.items.length === 0) {
    content = (
      <EmptyState
        py="xl"
        size="sm"
        icon={<IconCalendarOff size={28} stroke={1.5} />}
        title={when === 'upcoming' ? MESSAGES.noUpcomingSessions : MESSAGES.noPreviousSessions}
      />
    );
  } else {
    content = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {paged.items.map((session) => (
            <div key={session._id}>{card(session)}</div>
          ))}
        </SimpleGrid>
        <LoadMore list={paged} auto />
      </Stack>
    );
  }
  return (
    <>
      <Stack gap="sm" mb="md">
        <Tabs value={when} onChange={(next) => onTab(next === 'previous' ? 'previous' : 'upcoming')}>
          <Tabs.List grow maw={480}>
            <Tabs.Tab value="upcoming">{tabLabel('upcoming', counts)}</Tabs.Tab>
            <Tabs.Tab value="previous">{tabLabel('previous', counts)}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {filters}
      </Stack>
      {content}
    </>
  );
}
