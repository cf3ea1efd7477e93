import '@mantine/core/styles/List.css';
import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { AutoAnswer } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconSparkles } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { errorMessage } from '../../../lib/api';
import { useRequiredAccount } from '../../../lib/session';
import { useAskDoubt, useAutoAnswer, useTopicDoubts } from '../api';
import { doubtTextError } from '../validation';
import { DoubtList } from './DoubtList';
import type { DoubtViewer } from './DoubtThread';

export { groupByTopic } from '../doubt-groups';
export { DoubtList } from './DoubtList';
export { DoubtThread, type DoubtViewer, ReplyBox } from './DoubtThread';

/** The signed-in role as a doubt reader. */
export function useDoubtViewer(): DoubtViewer {
  const { permission } = useRequiredAccount();
  if (permission === 'student') return 'student';
  return permission === 'faculty' ? 'faculty' : 'moderator';
}

/** The number of doubts on a topic (undefined while loading), for a tab's '(n)'. */
export function useTopicDoubtCount(topicId: string | null | undefined): number | undefined {
  return useTopicDoubts(topicId).data?.length;
}

/** 'Q&A (n)': the student topic detail's tab label. */
export function QaTabLabel({ topicId }: { topicId: string }) {
  const count = useTopicDoubtCount(topicId);
  return <>{formatMessage(LABELS.doubtsQaTab, { count: String(count ?? 0) })}</>;
}

interface AutoAnswerBlockProps {
  question: string;
  pending: boolean;
  answer: AutoAnswer | undefined;
  error: unknown;
}

/** The automated answer, always labelled as one (decision 23), with the topics it drew on. */
function AutoAnswerBlock({ question, pending, answer, error }: AutoAnswerBlockProps) {
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

/**
 * The student topic detail's Q&A tab: ask a doubt (it is posted and answered automatedly at
 * once), then the topic's doubts with their replies.
 */
export function TopicQaPanel({ topicId, batchSubjectId }: { topicId: string; batchSubjectId: string }) {
  const viewer = useDoubtViewer();
  const doubts = useTopicDoubts(topicId);
  const ask = useAskDoubt();
  const autoAnswer = useAutoAnswer();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = doubtTextError(text);
    setError(problem);
    if (problem) return;
    const question = text.trim();
    ask.mutate(
      { doubt_text: question, topic_id: topicId, batch_subject_id: batchSubjectId },
      {
        onSuccess: () => setText(''),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
    setAsked(question);
    autoAnswer.mutate({ question, batch_subject_id: batchSubjectId, topic_id: topicId });
  };

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Textarea
          label={LABELS.doubtsAskLabel}
          placeholder={LABELS.doubtsAskPlaceholder}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          autosize
          minRows={2}
          maxRows={8}
        />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" loading={ask.isPending}>
            {LABELS.doubtsAskButton}
          </Button>
        </Group>
      </form>
      {asked !== null && (
        <AutoAnswerBlock
          question={asked}
          pending={autoAnswer.isPending}
          answer={autoAnswer.data}
          error={autoAnswer.error}
        />
      )}
      <Title order={3} size="h5">
        {LABELS.doubtsOnTopic}
      </Title>
      <TopicDoubts viewer={viewer} doubts={doubts} />
    </Stack>
  );
}

function TopicDoubts({ viewer, doubts }: { viewer: DoubtViewer; doubts: ReturnType<typeof useTopicDoubts> }) {
  if (doubts.isPending) {
    return (
      <Center py="lg">
        <Loader aria-label={LABELS.loading} />
      </Center>
    );
  }
  if (doubts.isError) return <EmptyNote text={errorMessage(doubts.error)} />;
  return <DoubtList doubts={doubts.data} viewer={viewer} emptyText={LABELS.doubtsNoDoubtsYet} />;
}

/** The faculty topic detail's Doubts tab: the topic's doubts, each with a reply box. */
export function TopicDoubtsPanel({ topicId }: { topicId: string }) {
  const viewer = useDoubtViewer();
  const doubts = useTopicDoubts(topicId);
  return <TopicDoubts viewer={viewer} doubts={doubts} />;
}
