import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import type { Assessment, AssessmentStatus } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import {
  IconArrowsShuffle,
  IconBan,
  IconClockHour4,
  IconClockPlus,
  IconDotsVertical,
  IconEye,
  IconPencil,
  IconPlaylistAdd,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { CardTime } from '../../../components/CardTime';
import { durationLabel, questionCountLabel } from '../counts';
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
  /** Extra time and later due dates (decision 38). */
  onAccommodate: () => void;
}

/** Students may still be given extra time or a later due date (not once canceled or evaluated). */
const accommodatable = (assessment: Assessment) =>
  assessment.status === 'DRAFTED' || assessment.status === 'LIVE' || assessment.status === 'CLOSED';

/**
 * An assessment on /create/assessment: title, batch and subject, start and due, status, question
 * count and author, with View Questions and Add Question, and Edit and Cancel in its menu (each
 * only where the server allows it: `can_edit`, `can_cancel`).
 */
export function AssessmentCard(props: AssessmentCardProps) {
  const { assessment, onEdit, onAddQuestions, onCancel, onAccommodate } = props;
  const status = STATUS_BADGE[assessment.status];
  const withMenu = assessment.can_edit || assessment.can_cancel || accommodatable(assessment);
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
          {withMenu && (
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
                {accommodatable(assessment) && (
                  <Menu.Item leftSection={<IconClockPlus size={16} />} onClick={onAccommodate}>
                    {LABELS.accommodationsMenu}
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
        <Badge variant="light" color="gray" radius="sm" leftSection={<IconClockHour4 size={12} />}>
          {durationLabel(assessment.duration_minutes)}
        </Badge>
        {assessment.draw_count !== null && (
          <Badge variant="light" color="grape" radius="sm">
            {formatMessage(LABELS.assessDrawSummary, {
              n: String(assessment.draw_count),
              total: String(assessment.questions_count),
            })}
          </Badge>
        )}
        {(assessment.shuffle_questions || assessment.shuffle_options) && (
          <Badge variant="light" color="grape" radius="sm" leftSection={<IconArrowsShuffle size={12} />}>
            {LABELS.assessShuffled}
          </Badge>
        )}
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
