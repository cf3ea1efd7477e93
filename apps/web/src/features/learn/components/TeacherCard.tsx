import { Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { Teacher } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';

/** A teacher: picture, name, designation and the subjects they teach the student (learning §2 "My teachers"). */
export function TeacherCard({ teacher, compact = false }: { teacher: Teacher; compact?: boolean }) {
  return (
    <Card
      withBorder
      radius="md"
      padding={compact ? 'sm' : 'md'}
      component="article"
      aria-label={teacher.name}
      data-testid="teacher-card"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar
          src={teacher.avatar || null}
          name={teacher.name}
          color="initials"
          size={compact ? 40 : 56}
          radius="xl"
        />
        <Stack gap={compact ? 2 : 6} miw={0}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {teacher.name}
          </Text>
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              {LABELS.learnDesignation}:{' '}
            </Text>
            {teacher.designation || '—'}
          </Text>
          {!compact && (
            <div>
              <Text size="sm" c="dimmed">
                {LABELS.learnSubjects}:
              </Text>
              <Group gap={6} mt={4}>
                {teacher.subjects.map((subject) => (
                  <Badge key={subject.batch_subject_id} variant="light" radius="sm" tt="none">
                    {subject.title}
                  </Badge>
                ))}
              </Group>
            </div>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
