import '@mantine/core/styles/List.css';
import { Anchor, Badge, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { AutoAnswer } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconSparkles } from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api';

interface AutoAnswerBlockProps {
  question: string;
  pending: boolean;
  answer: AutoAnswer | undefined;
  error: unknown;
}

/** The automated answer, always labelled as one (decision 23), with the topics it drew on. */
export function AutoAnswerBlock({ question, pending, answer, error }: AutoAnswerBlockProps) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // A cited topic opens in this same page, keeping the batch and subject of the selection.
  const sourcePath = (chapterId: string, topicId: string) => {
    const next = new URLSearchParams(params);
    next.set('chapter', chapterId);
    next.set('topic', topicId);
    return `${pathname}?${next.toString()}`;
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="var(--mantine-color-blue-light)"
      component="section"
      aria-label={MESSAGES.automatedAnswer}
      data-testid="auto-answer"
    >
      <Group gap="xs" mb="xs">
        <IconSparkles size={18} aria-hidden />
        <Title order={3} size="h5">
          {MESSAGES.automatedAnswer}
        </Title>
        {answer && (
          <Badge size="xs" variant="light">
            {answer.generated_by === 'model' ? LABELS.doubtsByModel : LABELS.doubtsBySearch}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" fs="italic" mb="xs" style={{ overflowWrap: 'anywhere' }}>
        {question}
      </Text>
      {pending ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{MESSAGES.automatedAnswerThinking}</Text>
        </Group>
      ) : error ? (
        <Text size="sm" c="red">
          {errorMessage(error)}
        </Text>
      ) : answer ? (
        <Stack gap="xs">
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="auto-answer-text"
          >
            {answer.answer}
          </Text>
          {answer.sources.length > 0 && (
            <div>
              <Text size="xs" fw={600} c="dimmed">
                {LABELS.doubtsCitedTopics}
              </Text>
              <List size="sm" spacing={2}>
                {answer.sources.map((source) => (
                  <List.Item key={source.topic_id}>
                    <Anchor component={Link} to={sourcePath(source.chapter_id, source.topic_id)}>
                      {source.topic_title}
                    </Anchor>
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({source.chapter_title})
                    </Text>
                  </List.Item>
                ))}
              </List>
            </div>
          )}
        </Stack>
      ) : null}
    </Paper>
  );
}
