import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Assessment } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconClockHour4, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDateTimeText } from '../../../lib/time-zone';
import { durationLabel } from '../../assessments/counts';
import { examPath } from '../links';

/**
 * The start popup (learning §2): the examination's title, subject and end, and Start, which opens
 * /assessments/questions. A device whose clock is before the start gets the spec's text instead,
 * since the student's own clock then disagrees with the card the server gave.
 */
export function StartExamModal({ exam, onClose }: { exam: Assessment | null; onClose: () => void }) {
  const timeText = useDateTimeText();
  const deviceBeforeStart = exam !== null && Date.now() < Date.parse(exam.start_date);
  return (
    <Modal opened={exam !== null} onClose={onClose} title={LABELS.examStartTitle} centered>
      {exam && (
        <Stack gap="md">
          <div>
            <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {exam.title}
            </Text>
            <Text size="sm" c="dimmed">
              {exam.subject_title} ({exam.subject_code})
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap">
            <IconClockHour4 size={18} aria-hidden />
            <Text size="sm">
              {exam.duration_minutes === null
                ? durationLabel(null)
                : formatMessage(LABELS.examStartOwnTime, { minutes: String(exam.duration_minutes) })}
            </Text>
          </Group>
          <Alert color="blue" variant="light" py="xs">
            {LABELS.examLeavesRecordedNote}
          </Alert>
          {deviceBeforeStart ? (
            <Alert color="orange" variant="light" role="alert">
              {MESSAGES.examNotStarted}
            </Alert>
          ) : (
            <Text size="sm">{formatMessage(LABELS.examStartNote, { due: timeText(exam.due_date) })}</Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {LABELS.close}
            </Button>
            {!deviceBeforeStart && (
              <Button component={Link} to={examPath(exam._id)} leftSection={<IconPlayerPlay size={16} />}>
                {LABELS.examStartButton}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
