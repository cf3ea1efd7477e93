import { Card, Group, Stack, Text } from '@mantine/core';
import type { BatchSubject } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { SubjectCodeBadge } from '../../../components/SubjectCodeBadge';
import { SubjectLogo } from '../../../components/SubjectLogo';

interface TaughtSubjectCardProps {
  subject: BatchSubject;
  selected: boolean;
  onSelect: () => void;
}

/** One of the faculty member's batch subjects: logo, title, code and class; choosing it shows its chapters. */
export function TaughtSubjectCard({ subject, selected, onSelect }: TaughtSubjectCardProps) {
  return (
    <Card
      component="button"
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      withBorder
      radius="md"
      padding="md"
      data-testid="taught-subject-card"
      style={{
        cursor: 'pointer',
        textAlign: 'left',
        width: '100%',
        borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined,
        boxShadow: selected ? '0 0 0 1px var(--mantine-primary-color-filled)' : undefined,
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <SubjectLogo logo={subject.subject_logo} url={subject.subject_logo_url} size={48} />
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          {/* Long titles wrap in full: a phone has no hover to read a cut one. */}
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {subject.subject_title}
          </Text>
          <Group gap={6} wrap="wrap">
            <SubjectCodeBadge code={subject.subject_code} />
            <Text size="sm" c="dimmed">
              {formatMessage(LABELS.teachSubjectClass, { batch: subject.batch_title })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {subject.chapter_count} {LABELS.chapterCount}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
