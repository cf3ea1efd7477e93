import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import type { Assessment, AssessmentStatus } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import {
  IconBan,
  IconDotsVertical,
  IconEye,
  IconPencil,
  IconPlaylistAdd,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { CardTime } from '../../../components/CardTime';
import { questionCountLabel } from '../counts';
import { assessmentQuestionsPath } from '../links';

export const STATUS_BADGE: Record<AssessmentStatus, { label: string; color: string }> = {
  DRAFTED: { label: LABELS.assessStatusDrafted, color: 'gray' },
  LIVE: { label: LABELS.assessStatusLive, color: 'teal' },
  CLOSED: { label: LABELS.assessStatusClosed, color: 'orange' },
  EVOLUTED: { label: LABELS.assessStatusEvoluted, color: 'blue' },
  CANCELED: { label: LABELS.assessStatusCanceled, color: 'red' },
};

interface AssessmentCardProps {
  assessment: Assessment;
  onEdit: () => void;
  onAddQuestions: () => void;
  onCancel: () => void;
}

/**
 * An assessment on /create/assessment: title, batch and subject, start and due, status, question
 * count and author, with View Questions and Add Question, and Edit and Cancel in its menu (each
 * only where the server allows it: `can_edit`, `can_cancel`).
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
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {assessment.title}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
          {(assessment.can_edit || assessment.can_cancel) && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={formatMessage(LABELS.assessActions, { title: assessment.title })}
                >
                  <IconDotsVertical size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {assessment.can_edit && (
                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
                    {LABELS.assessEdit}
                  </Menu.Item>
                )}
                {assessment.can_cancel && (
                  <Menu.Item color="red" leftSection={<IconBan size={16} />} onClick={onCancel}>
                    {LABELS.assessCancel}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mt={2}>
        {assessment.batch_title} · {assessment.subject_title} ({assessment.subject_code})
      </Text>
      <Stack gap={2} mt="sm">
        <CardTime label={LABELS.assessStart} instant={assessment.start_date} />
        <CardTime label={LABELS.assessDue} instant={assessment.due_date} />
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
      <Group gap="xs" mt="md" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Button
          size="xs"
          component={Link}
          to={assessmentQuestionsPath(assessment._id)}
          leftSection={<IconEye size={14} />}
        >
          {LABELS.assessViewQuestions}
        </Button>
        {assessment.can_edit && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlaylistAdd size={14} />}
            onClick={onAddQuestions}
          >
            {LABELS.assessAddQuestion}
          </Button>
        )}
      </Group>
    </Card>
  );
}
