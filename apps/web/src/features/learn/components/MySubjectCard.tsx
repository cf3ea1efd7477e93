import { Group, Stack, Text } from '@mantine/core';
import type { BatchSubject } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconBook2 } from '@tabler/icons-react';
import { LinkCard } from '../../../components/LinkCard';
import { SubjectCodeBadge } from '../../../components/SubjectCodeBadge';
import { SubjectLogo } from '../../../components/SubjectLogo';

/** A subject of the student's batch: logo, title, code and chapter count; opens its chapters. */
export function MySubjectCard({ subject, to }: { subject: BatchSubject; to: string }) {
  return (
    <LinkCard to={to} label={subject.subject_title} testId="my-subject-card">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <SubjectLogo logo={subject.subject_logo} url={subject.subject_logo_url} size={52} />
        <Stack gap={4} miw={0}>
          {/* Long titles wrap in full: a phone has no hover to read a cut one. */}
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {subject.subject_title}
          </Text>
          <SubjectCodeBadge code={subject.subject_code} w="fit-content" />
        </Stack>
      </Group>
      <Group gap={6} mt="md" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <IconBook2 size={16} color="var(--mantine-color-dimmed)" />
        <Text size="sm" c="dimmed">
          {formatMessage(LABELS.learnChaptersCount, { count: String(subject.chapter_count) })}
        </Text>
      </Group>
    </LinkCard>
  );
}
