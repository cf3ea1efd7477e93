import { ActionIcon, Anchor, Badge, Card, Group, Menu, Stack, Text } from '@mantine/core';
import type { Chapter } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import { IconDotsVertical, IconEyeOff, IconListDetails, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';

interface ChapterCardProps {
  chapter: Chapter;
  /** Where the card leads: the chapter's topics. */
  to: string;
  onEdit?: () => void;
  onDelete?: () => void;
  busy?: boolean;
}

/** A chapter: title, description, topic count, a 'Hidden' badge when students cannot see it, Edit/Delete. */
export function ChapterCard({ chapter, to, onEdit, onDelete, busy }: ChapterCardProps) {
  const navigate = useNavigate();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      onClick={() => navigate(to)}
      style={{ cursor: 'pointer', opacity: busy ? 0.5 : 1 }}
      aria-busy={busy || undefined}
      data-testid="chapter-card"
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Anchor
            component={Link}
            to={to}
            fw={700}
            c="var(--mantine-color-text)"
            lineClamp={2}
            title={chapter.title}
            onClick={(event) => event.stopPropagation()}
          >
            {chapter.title}
          </Anchor>
          {(onEdit || onDelete) && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`${LABELS.chapterActions}: ${chapter.title}`}
                  onClick={(event) => event.stopPropagation()}
                >
                  <IconDotsVertical size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
                {onEdit && (
                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
                    {LABELS.editAction}
                  </Menu.Item>
                )}
                {onDelete && (
                  <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
                    {LABELS.deleteAction}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3} style={{ flex: 1 }}>
          {chapter.description}
        </Text>
        <Group gap="sm" justify="space-between">
          <Group gap={4} wrap="nowrap" aria-label={`${LABELS.topicCount}: ${chapter.topic_count}`}>
            <IconListDetails size={16} />
            <Text size="sm" fw={600}>
              {chapter.topic_count}
            </Text>
            <Text size="sm" c="dimmed">
              {LABELS.topicCount}
            </Text>
          </Group>
          {!chapter.visibility && (
            <Badge color="gray" variant="light" leftSection={<IconEyeOff size={12} />}>
              {LABELS.chapterHidden}
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
