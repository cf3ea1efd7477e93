import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Topic } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { tiptapText } from '@portal/shared/schemas/topics';
import { dateText } from '@portal/shared/time';
import { IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TopicCardFrame } from './TopicCardFrame';

interface TopicCardProps {
  topic: Topic;
  /** The topic's study-plan date (YYYY-MM-DD) in this batch subject, if it is planned. */
  planDate?: string;
  detailTo: string;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** A topic's card: logo, title, description excerpt, study-plan tag, view / edit / delete. */
export function TopicCard({ topic, planDate, detailTo, onEdit, onDelete }: TopicCardProps) {
  const excerpt = tiptapText(topic.wysiwyg_state);
  return (
    <TopicCardFrame topic={topic}>
      <Stack gap={6} mt="xs" style={{ flex: 1 }}>
        <Text fw={600} size="lg" lineClamp={2} title={topic.title}>
          {topic.title}
        </Text>
        {planDate && (
          <Group gap="xs">
            <Badge color="teal" variant="light">
              {LABELS.studyPlanTag}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatMessage(LABELS.studyPlanDateTag, { date: dateText(planDate) })}
            </Text>
          </Group>
        )}
        {/* One line per paragraph or bullet item of the description. */}
        <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
          {excerpt}
        </Text>
      </Stack>
      <Group justify="space-between" mt="md" gap="xs">
        <Button component={Link} to={detailTo} size="xs" leftSection={<IconEye size={14} />}>
          {LABELS.viewTopic}
        </Button>
        {(onEdit || onDelete) && (
          <Group gap={4}>
            {onEdit && (
              <Button size="xs" variant="subtle" leftSection={<IconEdit size={14} />} onClick={onEdit}>
                {LABELS.editAction}
              </Button>
            )}
            {onDelete && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={onDelete}
              >
                {LABELS.deleteAction}
              </Button>
            )}
          </Group>
        )}
      </Group>
    </TopicCardFrame>
  );
}
