import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Assessment, AssessmentStatus } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconBan, IconEye, IconPencil, IconPlaylistAdd, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatCardTime } from '../assessment-time';
import { questionCountLabel } from '../counts';
import { assessmentQuestionsPath } from '../links';

export const STATUS_BADGE: Record<AssessmentStatus, { label: string; color: string }> = {
  DRAFTED: { label: LABELS.assessStatusDrafted, color: 'gray' },
  LIVE: { label: LABELS.assessStatusLive, color: 'teal' },
  CLOSED: { label: LABELS.assessStatusClosed, color: 'orange' },
  EVOLUTED: { label: LABELS.assessStatusEvoluted, color: 'blue' },
  CANCELED: { label: LABELS.assessStatusCanceled, color: 'red' },
};

function When({ label, instant }: { label: string; instant: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed" w={40}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {formatCardTime(instant)}
      </Text>
    </Group>
  );
}

interface AssessmentCardProps {
  assessment: Assessment;
  onEdit: () => void;
  onAddQuestions: () => void;
  onCancel: () => void;
}

/**
 * An assessment on /create/assessment: title, batch and subject, start and due, status, question
 * count and author, with edit, Add Question, View Questions and Cancel (each only where the
 * server allows it: `can_edit`, `can_cancel`).
 */
export function AssessmentCard({ assessment, onEdit, onAddQuestions, onCancel }: AssessmentCardProps) {
  const status = STATUS_BADGE[assessment.status];
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={formatMessage(LABELS.assessCard, { title: assessment.title })}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
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
      <Stack gap={2} mt="sm">
        <When label={LABELS.assessStart} instant={assessment.start_date} />
        <When label={LABELS.assessDue} instant={assessment.due_date} />
      </Stack>
      <Group gap="md" mt="sm" wrap="wrap">
        <Badge variant="outline" color="gray" radius="sm">
          {questionCountLabel(assessment.questions_count)}
        </Badge>
        <Group gap={4} wrap="nowrap" miw={0}>
          <IconUser size={14} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="sm" c="dimmed" truncate>
            {formatMessage(LABELS.assessAuthor, { name: assessment.author_name })}
          </Text>
        </Group>
      </Group>
      <Group gap={6} mt="md" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        {assessment.can_edit && (
          <Button size="compact-sm" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
            {LABELS.assessEdit}
          </Button>
        )}
        {assessment.can_edit && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlaylistAdd size={14} />}
            onClick={onAddQuestions}
          >
            {LABELS.assessAddQuestion}
          </Button>
        )}
        <Button
          size="compact-sm"
          component={Link}
          to={assessmentQuestionsPath(assessment._id)}
          leftSection={<IconEye size={14} />}
        >
          {LABELS.assessViewQuestions}
        </Button>
        {assessment.can_cancel && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconBan size={14} />}
            onClick={onCancel}
          >
            {LABELS.assessCancel}
          </Button>
        )}
      </Group>
    </Card>
  );
}
