import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Assessment } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconClipboardCheck, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDateTimeText } from '../../../lib/time-zone';
import { STATUS_BADGE } from '../../assessments/components/AssessmentCard';
import { questionCountLabel } from '../../assessments/counts';
import { submissionsPath } from '../links';
import { MarksEvaluatedButton } from './MarksEvaluatedButton';

/** What the card's button says: EVALUATE NOW while pending, VIEW RESPONSES once evaluated. */
export const evaluationAction = (assessment: Assessment) =>
  assessment.status === 'EVOLUTED'
    ? { label: LABELS.evalViewResponses, icon: <IconEye size={14} /> }
    : { label: LABELS.evalEvaluateNow, icon: <IconClipboardCheck size={14} /> };

/** An examination on /faculty/assessments: its batch subject, due date, responses, and the way in. */
export function EvaluationCard({ assessment }: { assessment: Assessment }) {
  const timeText = useDateTimeText();
  const status = STATUS_BADGE[assessment.status];
  const action = evaluationAction(assessment);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={formatMessage(LABELS.evalCard, { title: assessment.title })}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {assessment.title}
        </Text>
        <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
          {status.label}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mt={2}>
        {assessment.batch_title} · {assessment.subject_title} ({assessment.subject_code})
      </Text>
      <Stack gap={4} mt="sm">
        <Text size="sm">{formatMessage(LABELS.evalDue, { date: timeText(assessment.due_date) })}</Text>
        <Group gap="xs" wrap="wrap">
          <Badge variant="outline" color="gray" radius="sm">
            {questionCountLabel(assessment.questions_count)}
          </Badge>
          <Badge variant="outline" color="gray" radius="sm">
            {formatMessage(LABELS.evalStudentsEnrolled, { n: String(assessment.student_count) })}
          </Badge>
        </Group>
        <Text size="sm" fw={500} data-testid="evaluation-responses">
          {formatMessage(LABELS.evalResponses, {
            checked: String(assessment.submissions_evoluted),
            received: String(assessment.submissions_received),
          })}
        </Text>
      </Stack>
      <Group
        gap="xs"
        mt="md"
        pt="sm"
        wrap="wrap"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Button size="xs" component={Link} to={submissionsPath(assessment._id)} leftSection={action.icon}>
          {action.label}
        </Button>
        <MarksEvaluatedButton assessment={assessment} size="xs" />
      </Group>
    </Card>
  );
}
