import '@mantine/core/styles/Breadcrumbs.css';
import { Anchor, Breadcrumbs, Button, Center, Group, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconChartBar, IconFileText } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { useChapters } from '../../chapters/api';
import { useBatchSubject } from '../../subjects/api';
import { subjectsPath } from '../../subjects/links';
import { useTopic } from '../api';
import { TiptapContent } from '../components/TiptapContent';
import { TopicMedia } from '../components/TopicMedia';
import { chaptersPath, topicsPath } from '../links';

/** /batch/subjects/chapters/topics/topicDetail: a topic's content, description and notes. */
export function TopicDetailPage() {
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch') ?? '';
  const batchSubjectId = params.get('subject') ?? '';
  const tab = params.get('tab') === 'notes' ? 'notes' : 'description';
  const topic = useTopic(params.get('topic'));
  const batchSubject = useBatchSubject(batchSubjectId || null);
  const chapters = useChapters(batchSubject.data?.subject_id);
  const navigate = useNavigate();

  if (!params.get('topic')) return <EmptyNote text={MESSAGES.notFound} />;
  if (topic.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={LABELS.loading} />
      </Center>
    );
  }
  if (topic.isError) return <EmptyNote text={errorMessage(topic.error)} />;

  const current = topic.data;
  const subject = batchSubject.data;
  const listPath = batchId && batchSubjectId ? topicsPath(batchId, batchSubjectId, current.chapter_id) : null;
  const chapter = chapters.data?.find((candidate) => candidate._id === current.chapter_id);

  const viewReport = () =>
    navigate('/topic/reports', {
      state: {
        topicId: current._id,
        currentTopic: current,
        currentBatch: subject ? { _id: subject.batch_id, title: subject.batch_title } : { _id: batchId },
        currentSubject: subject ?? { _id: batchSubjectId },
      },
    });

  return (
    <>
      {listPath && (
        <Breadcrumbs mb="sm" separatorMargin={6} aria-label={LABELS.breadcrumb} fz="sm">
          {subject && (
            <Anchor component={Link} to={subjectsPath(subject.batch_id)}>
              {subject.batch_title}
            </Anchor>
          )}
          {subject && (
            <Anchor component={Link} to={chaptersPath(subject.batch_id, subject._id)}>
              {subject.subject_title}
            </Anchor>
          )}
          <Anchor component={Link} to={listPath}>
            {chapter?.title ?? LABELS.backToTopics}
          </Anchor>
          <span>{current.title}</span>
        </Breadcrumbs>
      )}
      <PageHeader
        title={current.title}
        actions={
          <Button leftSection={<IconChartBar size={16} />} variant="light" onClick={viewReport}>
            {LABELS.viewReport}
          </Button>
        }
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} aria-label={LABELS.topicContent}>
          <TopicMedia topic={current} />
        </Paper>
        {current.author_name && (
          <Text size="sm" c="dimmed">
            {LABELS.fieldAuthor}: {current.author_name}
          </Text>
        )}
        <Tabs
          value={tab}
          onChange={(next) =>
            setParams(
              (previous) => {
                const updated = new URLSearchParams(previous);
                if (next === 'notes') updated.set('tab', 'notes');
                else updated.delete('tab');
                return updated;
              },
              { replace: true },
            )
          }
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="description">{LABELS.descriptionTab}</Tabs.Tab>
            <Tabs.Tab value="notes">{LABELS.notesTab}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="description" pt="md">
            <Paper withBorder radius="md" p="md">
              <TiptapContent doc={current.wysiwyg_state} />
            </Paper>
          </Tabs.Panel>
          <Tabs.Panel value="notes" pt="md">
            {current.notes.length === 0 ? (
              <EmptyNote text={LABELS.noNotesForTopic} />
            ) : (
              <Group gap="sm">
                {current.notes.map((url, index) => (
                  <Button
                    key={url}
                    component="a"
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="light"
                    leftSection={<IconFileText size={16} />}
                  >
                    {formatMessage(LABELS.noteN, { n: String(index + 1) })}
                  </Button>
                ))}
              </Group>
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
