import { Button, Group, Stack, Textarea, Title } from '@mantine/core';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { type FormEvent, useState } from 'react';
import { EmptyNote } from '../../../components/EmptyNote';
import { Loading } from '../../../components/Loading';
import { LoadMore } from '../../../components/LoadMore';
import { errorMessage } from '../../../lib/api';
import { useCheckedText } from '../../../lib/checked-text';
import { useAskDoubt, useAutoAnswer, useTopicDoubts } from '../api';
import { useDoubtViewer } from '../useDoubtViewer';
import { doubtTextError } from '../validation';
import { AutoAnswerBlock } from './AutoAnswerBlock';
import { DoubtList } from './DoubtList';
import type { DoubtViewer } from './DoubtThread';

/** The number of doubts on a topic (undefined while loading), for a tab's '(n)': the list's total. */
export function useTopicDoubtCount(topicId: string | null | undefined): number | undefined {
  return useTopicDoubts(topicId).total ?? undefined;
}

/** 'Q&A (n)': the student topic detail's tab label. */
export function QaTabLabel({ topicId }: { topicId: string }) {
  const count = useTopicDoubtCount(topicId);
  return <>{formatMessage(LABELS.doubtsQaTab, { count: String(count ?? 0) })}</>;
}

/**
 * The student topic detail's Q&A tab: ask a doubt (it is posted, then answered automatedly from
 * the course material), then the topic's doubts with their replies.
 */
export function TopicQaPanel({ topicId, batchSubjectId }: { topicId: string; batchSubjectId: string }) {
  const viewer = useDoubtViewer();
  const doubts = useTopicDoubts(topicId);
  const ask = useAskDoubt();
  const autoAnswer = useAutoAnswer();
  const draft = useCheckedText(doubtTextError);
  const [asked, setAsked] = useState<string | null>(null);

  // The doubt is posted first; only a posted doubt gets an automated answer, which then says a
  // teacher will answer it too. A doubt that could not be posted shows why, and no answer.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const question = draft.checked();
    if (question === null) return;
    autoAnswer.reset();
    setAsked(question);
    ask.mutate(
      { doubt_text: question, topic_id: topicId, batch_subject_id: batchSubjectId },
      {
        onSuccess: () => {
          draft.reset();
          autoAnswer.mutate({ question, batch_subject_id: batchSubjectId, topic_id: topicId });
        },
        onError: (failure) => {
          setAsked(null);
          draft.setError(errorMessage(failure));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Textarea
          label={LABELS.doubtsAskLabel}
          placeholder={LABELS.doubtsAskPlaceholder}
          {...draft.inputProps}
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
          pending={ask.isPending || autoAnswer.isPending}
          answer={autoAnswer.data}
          error={autoAnswer.error}
        />
      )}
      <Title order={2} size="h5">
        {LABELS.doubtsOnTopic}
      </Title>
      <TopicDoubts viewer={viewer} doubts={doubts} />
    </Stack>
  );
}

function TopicDoubts({ viewer, doubts }: { viewer: DoubtViewer; doubts: ReturnType<typeof useTopicDoubts> }) {
  if (doubts.isPending) return <Loading />;
  if (doubts.isError) return <EmptyNote text={errorMessage(doubts.error)} />;
  return (
    <Stack gap="sm">
      <DoubtList doubts={doubts.items} viewer={viewer} emptyText={LABELS.doubtsNoDoubtsYet} />
      <LoadMore list={doubts} auto />
    </Stack>
  );
}

/** The faculty topic detail's Doubts tab: the topic's doubts, each with a reply box. */
export function TopicDoubtsPanel({ topicId }: { topicId: string }) {
  const viewer = useDoubtViewer();
  const doubts = useTopicDoubts(topicId);
  return <TopicDoubts viewer={viewer} doubts={doubts} />;
}
