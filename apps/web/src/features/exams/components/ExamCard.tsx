import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Assessment, ExamCardState } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconClockHour4, IconListCheck, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CardTime } from '../../../components/CardTime';
import { durationLabel, questionCountLabel } from '../../assessments/counts';
import { examResultsPath } from '../links';

/** The card's button by the server's state (learning §2 "Exam card button"). */
export const EXAM_BUTTON: Record<ExamCardState, { label: string; color: string }> = {
  submitted: { label: LABELS.examButtonSubmitted, color: 'teal' },
  start: { label: LABELS.examButtonStart, color: 'blue' },
  missed: { label: LABELS.examButtonMissed, color: 'red' },
  not_started: { label: LABELS.examButtonNotStarted, color: 'gray' },
};

/**
 * An examination on /me/assessments: subject, start and due, the student's own time (the spec's
 * fixed "60 minutes" label, now the real duration with their extra time, decision 38), and the
 * button of its state. Only START EXAMINATION NOW is clickable (it opens the start popup); an
 * evaluated examination the student sat also leads to its results.
 */
export function ExamCard({
  exam,
  state,
  onStart,
}: {
  exam: Assessment;
  /** The card's state now (opening.ts). */
  state: ExamCardState;
  onStart: (exam: Assessment) => void;
}) {
  const button = EXAM_BUTTON[state];
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={formatMessage(LABELS.examCard, { title: exam.title })}
      data-state={state}
    >
      <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
        {exam.title}
      </Text>
      <Text size="sm" c="dimmed" mt={2}>
        {exam.subject_title} ({exam.subject_code})
      </Text>
      <Stack gap={2} mt="sm">
        <CardTime label={LABELS.assessStart} instant={exam.start_date} />
        <CardTime label={LABELS.assessDue} instant={exam.due_date} />
      </Stack>
      <Group gap="sm" mt="sm" wrap="wrap">
        <Badge variant="light" color="gray" radius="sm" leftSection={<IconClockHour4 size={12} />}>
          {durationLabel(exam.duration_minutes)}
        </Badge>
        <Badge variant="outline" color="gray" radius="sm">
          {questionCountLabel(exam.questions_count)}
        </Badge>
      </Group>
      <Group
        gap="xs"
        mt="md"
        pt="sm"
        wrap="wrap"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        {state === 'start' ? (
          <Button size="sm" onClick={() => onStart(exam)} leftSection={<IconPlayerPlay size={16} />}>
            {button.label}
          </Button>
        ) : (
          <Button size="sm" variant="light" color={button.color} disabled data-state={state}>
            {button.label}
          </Button>
        )}
        {state === 'submitted' && exam.status === 'EVOLUTED' && (
          <Button
            size="sm"
            variant="light"
            component={Link}
            to={examResultsPath(exam._id)}
            leftSection={<IconListCheck size={16} />}
          >
            {LABELS.examViewResults}
          </Button>
        )}
      </Group>
    </Card>
  );
}
