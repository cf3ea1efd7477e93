import '@mantine/dates/styles.css';
import { Group, Paper, SimpleGrid, Tabs } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { HomeTopic } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { DATE_FORMAT, dateText } from '@portal/shared/time';
import { IconCalendar } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { Loading } from '../../../components/Loading';
import { LoadMore } from '../../../components/LoadMore';
import { PageHeader } from '../../../components/PageHeader';
import type { PagedList } from '../../../lib/paged-list';
import { type SearchPatch, usePatchSearchParams } from '../../../lib/search-params';
import { useInstitutionToday } from '../../../lib/time-zone';
import { PendingExams } from '../../exams/components/PendingExams';
import { useDailyTopics, useLastVisitedTopics, usePendingTopics } from '../../learn/api';
import { HomeTopicCard } from '../../learn/components/HomeTopicCard';
import { type HomeCard, homeTopicCards, isOpenable, newTopicCards } from '../../learn/home-topics';
import { useMyProfile } from '../../profile/api';
import { TodaySessionsCarousel } from '../../sessions/components/SessionCarousel';
import { CALENDAR_PICKER_RANGE, pageDate } from '../../study-plans/validation';
import classes from './home.module.css';

const TABS = [
  { value: 'new', label: LABELS.newTopics, empty: MESSAGES.noNewTopics },
  { value: 'pending', label: LABELS.pendingTopics, empty: MESSAGES.noPendingTopics },
  { value: 'last-visited', label: LABELS.lastVisitedTopics, empty: MESSAGES.noLastVisitedTopics },
] as const;
type TabValue = (typeof TABS)[number]['value'];

interface TabList {
  pending: boolean;
  /** The cards loaded (undefined while loading or after a failure). */
  cards: HomeCard[] | undefined;
  /** A list read a page at a time: its next pages load as its end scrolls into view. */
  paged?: PagedList<unknown>;
}

/** One tab's cards. */
function TopicCards({ pending, cards, paged, empty, today }: TabList & { empty: string; today: string }) {
  // A failed load shows no message (learning §8): the empty state stays.
  if (pending) return <Loading />;
  if (!cards || cards.length === 0) return <EmptyNote text={empty} />;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" mt="md">
        {cards.map((card) => (
          <HomeTopicCard key={card.key} card={card} openable={isOpenable(card, today)} />
        ))}
      </SimpleGrid>
      {paged && <LoadMore list={paged} auto />}
    </>
  );
}

/**
 * Student home: a date picker (the institution's today by default, kept in `?date=`), the pending
 * assessments (features/exams) and the tabs New Topics, Pending Topics and Last Visited Topics
 * (learning §2 "Student home", decision 15).
 */
export function StudentHome() {
  const profile = useMyProfile(true);
  // The home opens on the institution's today (its time zone), not the device's.
  const today = useInstitutionToday();
  if (profile.isPending) return <Loading />;
  return <StudentHomeOn today={profile.data?.today ?? today} />;
}

function StudentHomeOn({ today }: { today: string }) {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const requestedDate = params.get('date');
  const date = pageDate(requestedDate, today);
  const requested = params.get('tab');
  const tab: TabValue = TABS.some((candidate) => candidate.value === requested)
    ? (requested as TabValue)
    : 'new';
  const daily = useDailyTopics(date);
  const pending = usePendingTopics(date);
  const lastVisited = useLastVisitedTopics(date);
  const pagedCards = (list: PagedList<HomeTopic>): TabList => ({
    pending: list.isPending,
    cards: list.isError ? undefined : homeTopicCards(list.items),
    paged: list,
  });
  const lists: Record<TabValue, TabList> = {
    new: { pending: daily.isPending, cards: daily.data && newTopicCards(daily.data) },
    pending: pagedCards(pending),
    'last-visited': pagedCards(lastVisited),
  };

  const update = (patch: SearchPatch) => patchParams(patch, { replace: true });

  return (
    <>
      <PageHeader
        title={LABELS.home}
        actions={
          <Group gap="xs">
            <DatePickerInput
              // Named with the day it shows (WCAG 2.5.3: the name holds the visible text).
              aria-label={`${LABELS.learnHomeDate}: ${dateText(date)}`}
              valueFormat={DATE_FORMAT}
              {...CALENDAR_PICKER_RANGE}
              value={date}
              onChange={(day) => update({ date: day && day !== today ? day : null })}
              leftSection={<IconCalendar size={16} />}
              w={170}
            />
          </Group>
        }
      />
      <PendingExams />
      <TodaySessionsCarousel today={today} />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Tabs
          value={tab}
          onChange={(next) => update({ tab: next && next !== 'new' ? next : null })}
          classNames={{ tab: classes.tab }}
        >
          <Tabs.List grow>
            {TABS.map((item) => (
              <Tabs.Tab key={item.value} value={item.value}>
                {item.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((item) => (
            <Tabs.Panel key={item.value} value={item.value}>
              <TopicCards {...lists[item.value]} empty={item.empty} today={today} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
    </>
  );
}
