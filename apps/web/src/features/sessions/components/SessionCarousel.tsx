import { ActionIcon, Box, Group, Paper, ScrollArea, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { OnlineSession } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useRef } from 'react';
import { EmptyNote } from '../../../components/EmptyNote';
import { Loading } from '../../../components/Loading';
import { errorMessage } from '../../../lib/api';
import { pagedView } from '../../../lib/paged-list';
import { type SessionListFilters, useSessionList } from '../api';
import { SessionCard } from './SessionCard';
import classes from './SessionCarousel.module.css';

const CARD_WIDTH = 300;

interface SessionCarouselProps {
  title: string;
  filters: SessionListFilters;
  as: 'host' | 'student';
  empty: string;
}

/** A row of session cards on a home, soonest first, scrolled by its arrows or by swiping. */
export function SessionCarousel({ title, filters, as, empty }: SessionCarouselProps) {
  const list = useSessionList(filters);
  const viewport = useRef<HTMLDivElement>(null);
  const sessions: OnlineSession[] = pagedView(list.data).items;
  // The arrows glide to the next card, or jump there for people who asked for less motion (WCAG 2.3.3).
  const reduceMotion = useReducedMotion();
  const scroll = (direction: 1 | -1) =>
    viewport.current?.scrollBy({
      left: direction * (CARD_WIDTH + 16),
      behavior: reduceMotion ? 'instant' : 'smooth',
    });

  let content = null;
  if (list.isPending) content = <Loading />;
  else if (list.isError) content = <EmptyNote text={errorMessage(list.error)} />;
  else if (sessions.length === 0) content = <EmptyNote text={empty} />;
  else {
    content = (
      // The row scrolls by keyboard too, even when no card in it has a live button (WCAG 2.1.1).
      <ScrollArea
        viewportRef={viewport}
        viewportProps={{ tabIndex: 0 }}
        type="hover"
        scrollbars="x"
        offsetScrollbars
      >
        <Group gap="md" wrap="nowrap" align="stretch" pb="xs">
          {sessions.map((session) => (
            <Box key={session._id} w={CARD_WIDTH} className={classes.slide}>
              <SessionCard session={session} as={as} compact />
            </Box>
          ))}
        </Group>
      </ScrollArea>
    );
  }
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} mb="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {sessions.length > 1 && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="default" aria-label={LABELS.sessionsPrevious} onClick={() => scroll(-1)}>
              <IconChevronLeft size={16} />
            </ActionIcon>
            <ActionIcon variant="default" aria-label={LABELS.sessionsNext} onClick={() => scroll(1)}>
              <IconChevronRight size={16} />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {content}
    </Paper>
  );
}

/** The faculty home's carousel: the teacher's own upcoming sessions (learning §2 "Faculty home"). */
export function FacultySessionsCarousel() {
  return (
    <SessionCarousel
      title={LABELS.homeSessionsTitle}
      filters={{ when: 'upcoming', order: 'soonest', limit: 20 }}
      as="host"
      empty={MESSAGES.noUpcomingSessions}
    />
  );
}

/** The student home's carousel: the day's sessions still to come or going on (learning §2 "Student home"). */
export function TodaySessionsCarousel({ today }: { today: string }) {
  return (
    <SessionCarousel
      title={LABELS.homeTodaySessionsTitle}
      filters={{ when: 'upcoming', order: 'soonest', date: today, limit: 20 }}
      as="student"
      empty={LABELS.homeNoSessionsToday}
    />
  );
}
