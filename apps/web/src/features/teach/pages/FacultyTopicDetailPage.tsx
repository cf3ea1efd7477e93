import { Anchor, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import type { BatchSubject, Topic } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconFileText, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';
import { usePatchSearchParams } from '../../../lib/search-params';
import { AddSelfAssessmentButton } from '../../assessments/components/AddSelfAssessmentModal';
import { TopicDoubtsPanel, useTopicDoubtCount } from '../../doubts/components/TopicQaPanel';
import { DeleteTopicModal } from '../../topics/components/DeleteTopicModal';
import {
  TopicAuthor,
  TopicDescription,
  TopicMediaPanel,
  TopicNoteButtons,
} from '../../topics/components/TopicContent';
import { fileNameOf } from '../../topics/topic-form';
import { useTaughtChapter, useTaughtTopic, useTeachParams } from '../api';
import { NotAvailable, unready } from '../components/States';
import { TeachBreadcrumb } from '../components/TeachBreadcrumb';
import { teachEditTopicPath, teachTopicsPath } from '../links';

const TABS = ['description', 'notes', 'doubts'] as const;
type Tab = (typeof TABS)[number];

/** The Notes tab: the topic's note files. */
function NoteFiles({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return <EmptyNote text={LABELS.noNotesForTopic} />;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={LABELS.notesTab}>
      {notes.map((url, index) => (
        <Paper key={url} component="li" withBorder radius="md" p="sm">
          <Group gap="sm" wrap="nowrap">
            <IconFileText size={18} aria-hidden />
            <Anchor href={url} target="_blank" rel="noopener noreferrer" fw={600} size="sm">
              {formatMessage(LABELS.noteN, { n: String(index + 1) })}
            </Anchor>
            <Text size="sm" c="dimmed" truncate>
              {fileNameOf(url)}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function TopicDetail({ topic, subject }: { topic: Topic; subject: BatchSubject }) {
  const { params } = useTeachParams();
  const navigate = useNavigate();
  const { resolution: chapter } = useTaughtChapter(subject, topic.chapter_id);
  const doubtCount = useTopicDoubtCount(topic._id);
  const patchParams = usePatchSearchParams();
  const [deleting, setDeleting] = useState(false);
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'description';
  const selection = { batch: subject.batch_id, subject: subject._id, chapter: topic.chapter_id };

  const chooseTab = (next: string | null) =>
    patchParams({ tab: next === 'description' ? null : next }, { replace: true });

  return (
    <>
      <TeachBreadcrumb
        subject={subject}
        chapter={
          chapter.state === 'ready' ? chapter.value : { _id: topic.chapter_id, title: LABELS.topicsTitle }
        }
        current={topic.title}
      />
      <PageHeader
        title={topic.title}
        actions={
          <>
            <AddSelfAssessmentButton topic={topic} />
            <Button
              component={Link}
              to={teachEditTopicPath({ ...selection, topic: topic._id })}
              variant="default"
              leftSection={<IconPencil size={16} />}
            >
              {LABELS.editAction}
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeleting(true)}
            >
              {LABELS.deleteAction}
            </Button>
          </>
        }
      />
      <Stack gap="lg">
        <TopicMediaPanel topic={topic} />
        <TopicAuthor name={topic.author_name} />
        <Tabs value={tab} onChange={chooseTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="description">{LABELS.descriptionTab}</Tabs.Tab>
            <Tabs.Tab value="notes">
              {formatMessage(LABELS.teachNotesTabN, { n: String(topic.notes.length) })}
            </Tabs.Tab>
            <Tabs.Tab value="doubts">
              {formatMessage(LABELS.teachDoubtsTabN, { n: String(doubtCount ?? 0) })}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="description" pt="md">
            <Stack gap="md">
              <TopicDescription doc={topic.wysiwyg_state} />
              <TopicNoteButtons notes={topic.notes} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="notes" pt="md">
            <NoteFiles notes={topic.notes} />
          </Tabs.Panel>
          <Tabs.Panel value="doubts" pt="md">
            <TopicDoubtsPanel topicId={topic._id} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <DeleteTopicModal
        topic={deleting ? topic : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(teachTopicsPath(selection))}
      />
    </>
  );
}

/**
 * /me/faculty/subjects/chapters/topics/detail (`topic`, with `subject` and `chapter` when known):
 * the topic's content and the Description, Notes and Doubts tabs; `tab` picks the tab.
 */
export function FacultyTopicDetailPage() {
  const { batch, subject, topic } = useTeachParams();
  const resolution = useTaughtTopic(topic, subject, batch);
  if (resolution.state === 'ready') {
    return <TopicDetail key={resolution.value.topic._id} {...resolution.value} />;
  }
  return (
    <>
      <TeachBreadcrumb current={LABELS.topicsTitle} />
      {unready(resolution, <NotAvailable />)}
    </>
  );
}
