import { ActionIcon, Anchor, Card, Group, Menu, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BatchSubject } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import {
  IconBook2,
  IconDotsVertical,
  IconPencil,
  IconSchool,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { SubjectCodeBadge } from '../../../components/SubjectCodeBadge';
import { SubjectLogo } from '../../../components/SubjectLogo';

function Count({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <Stack gap={0} aria-label={`${label}: ${value}`} miw={0}>
      <Group gap={6} wrap="nowrap">
        {icon}
        <Text fw={700} size="lg" lh={1.2}>
          {value}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {label}
      </Text>
    </Stack>
  );
}

interface SubjectCardProps {
  subject: BatchSubject;
  /** Where the card leads: the subject's chapters. */
  to: string;
  onEdit?: () => void;
  onDelete?: () => void;
  busy?: boolean;
}

/** A batch subject: logo, name, code, student, teacher and chapter counts, and its Edit/Delete menu. */
export function SubjectCard({ subject, to, onEdit, onDelete, busy }: SubjectCardProps) {
  const navigate = useNavigate();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      onClick={() => navigate(to)}
      style={{ cursor: 'pointer', opacity: busy ? 0.5 : 1 }}
      aria-busy={busy || undefined}
      data-testid="subject-card"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
          <SubjectLogo logo={subject.subject_logo} url={subject.subject_logo_url} size={52} />
          <Stack gap={2} miw={0}>
            <Anchor
              component={Link}
              to={to}
              fw={700}
              c="var(--mantine-color-text)"
              // Long titles wrap in full: a phone has no hover to read a cut one.
              style={{ overflowWrap: 'anywhere' }}
              onClick={(event) => event.stopPropagation()}
            >
              {subject.subject_title}
            </Anchor>
            <SubjectCodeBadge code={subject.subject_code} w="fit-content" />
          </Stack>
        </Group>
        {(onEdit || onDelete) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`${LABELS.subjectActions}: ${subject.subject_title}`}
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
      {subject.subject_description && (
        <Text size="sm" c="dimmed" mt="sm" lineClamp={2}>
          {subject.subject_description}
        </Text>
      )}
      <SimpleGrid
        cols={3}
        spacing="xs"
        mt="md"
        pt="sm"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Count
          icon={<IconUsers size={16} color="var(--mantine-color-dimmed)" />}
          label={LABELS.studentCount}
          value={subject.student_count}
        />
        <Count
          icon={<IconSchool size={16} color="var(--mantine-color-dimmed)" />}
          label={LABELS.teacherCount}
          value={subject.faculty_count}
        />
        <Count
          icon={<IconBook2 size={16} color="var(--mantine-color-dimmed)" />}
          label={LABELS.chapterCount}
          value={subject.chapter_count}
        />
      </SimpleGrid>
    </Card>
  );
}
