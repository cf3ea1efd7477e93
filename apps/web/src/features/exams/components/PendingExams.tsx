import { Button, Card, Group, Text, Title } from '@mantine/core';
import type { Assessment } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { WRAPPING_BUTTON } from '../../../components/wrapping-button';
import { useDateTimeText } from '../../../lib/time-zone';
import { useMyExams } from '../api';
import { useShownExamStates } from '../opening';
import { EXAM_BUTTON } from './ExamCard';
import classes from './PendingExams.module.css';
import { StartExamModal } from './StartExamModal';

function PendingExamCard({
  exam,
  startable,
  onStart,
}: {
  exam: Assessment;
  /** Whether it may be started now (opening.ts). */
  startable: boolean;
  onStart: (exam: Assessment) => void;
}) {
  const timeText = useDateTimeText();
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="article"
      className={classes.card}
      aria-label={formatMessage(LABELS.examCard, { title: exam.title })}
    >
      <Text fw={700} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {exam.title}
      </Text>
      <Text size="sm" c="dimmed" truncate>
        {exam.subject_title}
      </Text>
      <Text size="xs" mt={6}>
        {startable
          ? formatMessage(LABELS.examPendingDueAt, { due: timeText(exam.due_date) })
          : formatMessage(LABELS.examPendingStartsAt, { start: timeText(exam.start_date) })}
      </Text>
      <Group mt="sm">
        {startable ? (
          <Button
            size="xs"
            maw="100%"
            mih="var(--button-height)"
            {...WRAPPING_BUTTON}
            onClick={() => onStart(exam)}
            leftSection={<IconPlayerPlay size={14} />}
          >
            {EXAM_BUTTON.start.label}
          </Button>
        ) : (
          <Button size="xs" variant="light" color="gray" disabled>
            {EXAM_BUTTON.not_started.label}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/**
 * The student home's pending assessments (learning §2 "Student home"): examinations not taken whose
 * due date has not passed, in a row that scrolls sideways; startable only once started, through the
 * start popup. Nothing shows while there are none.
 */
export function PendingExams() {
  const list = useMyExams('upcoming', { pending: true });
  const stateOf = useShownExamStates(list.items);
  const [starting, setStarting] = useState<Assessment | null>(null);
  // One whose due date passed while the home was open is no longer pending.
  const pending = list.items
    .map((exam) => ({ exam, state: stateOf(exam) }))
    .filter(({ state }) => state !== 'missed');
  if (list.isPending || list.isError || pending.length === 0) return null;
  return (
    <section aria-label={LABELS.examPendingTitle} className={classes.section}>
      <Title order={2} size="h5" mb="xs">
        {LABELS.examPendingTitle}
      </Title>
      <div className={classes.row}>
        {pending.map(({ exam, state }) => (
          <PendingExamCard key={exam._id} exam={exam} startable={state === 'start'} onStart={setStarting} />
        ))}
      </div>
      <StartExamModal exam={starting} onClose={() => setStarting(null)} />
    </section>
  );
}
