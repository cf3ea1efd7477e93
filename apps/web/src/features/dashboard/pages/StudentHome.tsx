import '@mantine/dates/styles.css';
import { Group, Paper, SimpleGrid, Tabs } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconCalendar } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';
import { useDailyTopics, useLastVisitedTopics, usePendingTopics } from '../../learn/api';
import { HomeTopicCard } from '../../learn/components/HomeTopicCard';
import { Loading } from '../../learn/components/Loading';
import { type HomeCard, homeTopicCards, isOpenable, newTopicCards } from '../../learn/home-topics';
import { pageDate, STUDY_PLAN_DATE_FORMAT, todayIso } from '../../study-plans/validation';
import classes from './home.module.css';

const TABS = [
  { value: 'new', label: LABELS.newTopics },
  { value: 'pending', label: LABELS.pendingTopics },
  { value: 'last-visited', label: LABELS.lastVisitedTopics },
] as const;
type TabValue = (typeof TABS)[number]['value'];

function TopicCards({
  query,
  toCards,
  empty,
  today,
}: {
  query: UseQueryResult<unknown>;
  toCards: () => HomeCard[];
  empty: string;
  today: string;
}) {
  // A failed load shows no message (learning §8): the empty state stays.
  if (query.isPending) return <Loading />;
  const cards = query.isSuccess ? toCards() : [];
  if (cards.length === 0) return <EmptyNote text={empty} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" mt="md">
      {cards.map((card) => (
        <HomeTopicCard key={card.key} card={card} openable={isOpenable(card, today)} />
      ))}
    </SimpleGrid>
  );
}

/**
 * Student home: a date picker (today by default, kept in `?date=`) and the tabs New Topics, Pending
 * Topics and Last Visited Topics (learning §2 "Student home", decision 15).
 */
export function StudentHome() {
  const [params, setParams] = useSearchParams();
  const date = pageDate(params.get('date'));
  const today = todayIso();
  const requested = params.get('tab');
  const tab: TabValue = TABS.some((candidate) => candidate.value === requested)
    ? (requested as TabValue)
    : 'new';
  const daily = useDailyTopics(date);
  const pending = usePendingTopics(date);
  const lastVisited = useLastVisitedTopics(date);

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title={LABELS.home}
        actions={
          <Group gap="xs">
            <DatePickerInput
              aria-label={LABELS.learnHomeDate}
              valueFormat={STUDY_PLAN_DATE_FORMAT}
              value={date}
              onChange={(day) => update({ date: day && day !== today ? day : null })}
              leftSection={<IconCalendar size={16} />}
              w={170}
            />
          </Group>
        }
      />
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
          <Tabs.Panel value="new">
            <TopicCards
              query={daily}
              toCards={() => newTopicCards(daily.data ?? [])}
              empty={MESSAGES.noNewTopics}
              today={today}
            />
          </Tabs.Panel>
          <Tabs.Panel value="pending">
            <TopicCards
              query={pending}
              toCards={() => homeTopicCards(pending.data ?? [])}
              empty={MESSAGES.noPendingTopics}
              today={today}
            />
          </Tabs.Panel>
          <Tabs.Panel value="last-visited">
            <TopicCards
              query={lastVisited}
              toCards={() => homeTopicCards(lastVisited.data ?? [])}
              empty={MESSAGES.noLastVisitedTopics}
              today={today}
            />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </>
  );
}
