import '@mantine/core/styles/List.css';
import { Anchor, Badge, Box, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { AutoAnswer, AutoAnswerPassage } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconMessageQuestion, IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api';

interface AutoAnswerBlockProps {
  question: string;
  pending: boolean;
  answer: AutoAnswer | undefined;
  error: unknown;
}

const PASSAGE_TEMPLATES: Record<AutoAnswerPassage['kind'], string> = {
  topic: MESSAGES.autoAnswerFromTopic,
  note: MESSAGES.autoAnswerFromNote,
  doubt: MESSAGES.autoAnswerFromDoubt,
};

const LEAD_SOURCES: Record<AutoAnswerPassage['kind'], string> = {
  topic: LABELS.doubtsLeadFromTopic,
  note: LABELS.doubtsLeadFromNote,
  doubt: LABELS.doubtsLeadFromDoubt,
};

const passageText = (passage: AutoAnswerPassage) =>
  formatMessage(PASSAGE_TEMPLATES[passage.kind], { topic: passage.topic_title, text: passage.text });

const wrap = { overflowWrap: 'anywhere' } as const;

/** A small heading inside the answer ("Supporting passages", "From the topics"). */
function Caption({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" fw={600} c="dimmed">
      {children}
    </Text>
  );
}

/** Who will still answer: the doubt was posted before the automated answer was asked for. */
function TeacherNote({ text }: { text: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="auto-answer-teacher-note">
      <IconMessageQuestion size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" style={wrap}>
        {text}
      </Text>
    </Group>
  );
}

/** The badge saying what happened: found by search, written by a model, or not in the material. */
function StateBadge({ answer }: { answer: AutoAnswer }) {
  return (
    <Badge
      size="sm"
      variant="light"
      color={answer.found ? 'blue' : 'orange'}
      data-testid="auto-answer-state"
      // Long labels wrap in a narrow column instead of being cut.
      h="auto"
      py={2}
      maw="100%"
      styles={{
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', textAlign: 'left' },
      }}
    >
      {!answer.found
        ? LABELS.doubtsNotFound
        : answer.generated_by === 'model'
          ? LABELS.doubtsByModel
          : LABELS.doubtsBySearch}
    </Badge>
  );
}

/**
 * The automated answer, always labelled as one (decision 23). Found: the worked result when there
 * is one, the single most relevant sentence (or the model's text), the supporting passages, then
 * the cited topics. Not found: says the course material does not cover the question, and that a
 * teacher will answer the doubt just posted.
 */
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
  const notFound = answer !== undefined && !answer.found && !pending;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      bg={notFound ? 'var(--mantine-color-orange-light)' : 'var(--mantine-color-blue-light)'}
      component="section"
      aria-label={MESSAGES.automatedAnswer}
      data-testid="auto-answer"
      data-state={
        pending ? 'pending' : error ? 'error' : answer ? (answer.found ? 'found' : 'not-found') : 'pending'
      }
    >
      <Group gap="xs" mb="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <IconSparkles size={18} aria-hidden />
          <Title order={3} size="h5">
            {MESSAGES.automatedAnswer}
          </Title>
        </Group>
        {answer && !pending && <StateBadge answer={answer} />}
      </Group>
      <Text size="sm" c="dimmed" fs="italic" mb="xs" style={wrap}>
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
      ) : answer && !answer.found ? (
        <Stack gap="xs">
          <Text size="sm" style={wrap} data-testid="auto-answer-text">
            {answer.answer}
          </Text>
          <TeacherNote text={MESSAGES.autoAnswerTeacherWillAnswer} />
        </Stack>
      ) : answer ? (
        <Stack gap="sm">
          <Stack gap="xs" data-testid="auto-answer-text">
            {answer.calculation && (
              <Text size="sm" fw={700} style={wrap} data-testid="auto-answer-calculation">
                {answer.calculation}
              </Text>
            )}
            {answer.lead ? (
              <div>
                <Caption>{LABELS.doubtsMostRelevant}</Caption>
                <Box
                  mt={4}
                  pl="sm"
                  style={{ borderLeft: '3px solid var(--mantine-color-blue-filled)' }}
                  data-testid="auto-answer-lead"
                >
                  <Text size="sm" fw={500} style={wrap}>
                    {answer.lead.text}
                  </Text>
                  <Text size="xs" c="dimmed" mt={2} style={wrap}>
                    {formatMessage(LEAD_SOURCES[answer.lead.kind], { topic: answer.lead.topic_title })}
                  </Text>
                </Box>
              </div>
            ) : (
              <Text size="sm" style={{ ...wrap, whiteSpace: 'pre-wrap' }}>
                {answer.answer}
              </Text>
            )}
          </Stack>
          {answer.passages.length > 0 && (
            <div>
              <Caption>{LABELS.doubtsSupportingPassages}</Caption>
              <Stack gap={4} mt={4} data-testid="auto-answer-passages">
                {answer.passages.map((passage) => (
                  <Text key={`${passage.kind}:${passage.topic_id}:${passage.text}`} size="sm" style={wrap}>
                    {passageText(passage)}
                  </Text>
                ))}
              </Stack>
            </div>
          )}
          {answer.sources.length > 0 && (
            <div>
              <Caption>{LABELS.doubtsCitedTopics}</Caption>
              <List size="sm" spacing={2}>
                {answer.sources.map((source) => (
                  <List.Item key={source.topic_id} style={wrap}>
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
          <TeacherNote text={MESSAGES.autoAnswerTeacherAlsoAnswers} />
        </Stack>
      ) : null}
    </Paper>
  );
}
