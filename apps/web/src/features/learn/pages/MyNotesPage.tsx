import { Grid, Paper, Stack, Tabs, Title } from '@mantine/core';
import type { Note, SessionNote } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { Loading } from '../../../components/Loading';
import { LoadMore } from '../../../components/LoadMore';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { SubjectFilter } from '../../../components/SubjectFilter';
import { errorMessage } from '../../../lib/api';
import type { PagedList } from '../../../lib/paged-list';
import { type SearchPatch, usePatchSearchParams } from '../../../lib/search-params';
import { useMyBatchSubjects } from '../../subjects/api';
import {
  useDeleteSessionNote,
  useMyNotes,
  useMySessionNotes,
  useSubjectNotes,
  useSubjectNoteTotals,
  useUpdateSessionNote,
} from '../api';
import { NoteGroups } from '../components/NoteGroups';
import { NoteItem } from '../components/NoteItem';
import { noteSubjects } from '../note-groups';
import { useNoteActions } from '../useNoteActions';

function SessionNotes({ notes }: { notes: PagedList<SessionNote> }) {
  const actions = useNoteActions(useUpdateSessionNote(), useDeleteSessionNote());
  if (notes.items.length === 0) return <EmptyNote text={MESSAGES.noNotes} />;
  const sessions = new Map<string, SessionNote[]>();
  for (const note of notes.items) {
    sessions.set(note.session_id, [...(sessions.get(note.session_id) ?? []), note]);
  }
  return (
    <Stack gap="lg">
      {[...sessions.values()].map((group) => (
        <Stack key={group[0]!.session_id} gap="xs" component="section" aria-label={group[0]!.session_title}>
          <Title order={2} size="h5">
            {group[0]!.session_title}
          </Title>
          {group.map((note) => (
            <NoteItem key={note._id} note={note} {...actions(note._id)} />
          ))}
        </Stack>
      ))}
      <LoadMore list={notes} auto />
    </Stack>
  );
}

/** The shown notes (all, or one subject's, read from the server) under their topics. */
function TopicNotes({ notes }: { notes: PagedList<Note> }) {
  if (notes.isPending) return <Loading />;
  if (notes.isError) return <EmptyNote text={errorMessage(notes.error)} />;
  if (notes.items.length === 0) return <EmptyNote text={MESSAGES.noNotes} />;
  return (
    <>
      <NoteGroups notes={notes.items} editable />
      <LoadMore list={notes} auto />
    </>
  );
}

/**
 * /me/notes: Topic Notes (n), the subjects on the left and the notes grouped by topic, and Live
 * Session Notes (n); both editable and deletable (learning §2 "Notes"). Notes load a page at a
 * time; a chosen subject's come from the server (its notes may not be among those loaded), and
 * every count is the server's total.
 */
export function MyNotesPage() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const tab = params.get('tab') === 'sessions' ? 'sessions' : 'topics';
  const subjectId = params.get('subject');
  const notes = useMyNotes();
  const sessionNotes = useMySessionNotes();
  const mySubjects = useMyBatchSubjects();
  const totals = useSubjectNoteTotals(mySubjects.data?.map((subject) => subject._id) ?? []);
  const subjects = noteSubjects(mySubjects.data ?? [], totals);
  const subjectNotes = useSubjectNotes(subjectId);
  const allCount = notes.total ?? notes.items.length;

  const update = (patch: SearchPatch) => patchParams(patch, { replace: true });

  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.learnNotesTitle }]} />
      <PageHeader title={LABELS.learnNotesTitle} />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Tabs value={tab} onChange={(next) => update({ tab: next === 'sessions' ? 'sessions' : null })}>
          <Tabs.List>
            <Tabs.Tab value="topics">
              {formatMessage(LABELS.learnTopicNotesTab, {
                count: notes.isPending ? '…' : String(allCount),
              })}
            </Tabs.Tab>
            <Tabs.Tab value="sessions">
              {formatMessage(LABELS.learnSessionNotesTab, {
                count: sessionNotes.isPending ? '…' : String(sessionNotes.total ?? sessionNotes.items.length),
              })}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="topics" pt="md">
            {notes.isPending ? (
              <Loading />
            ) : notes.isError ? (
              <EmptyNote text={errorMessage(notes.error)} />
            ) : notes.items.length === 0 ? (
              <EmptyNote text={MESSAGES.noNotes} />
            ) : (
              <Grid gap="lg" align="flex-start">
                <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
                  <SubjectFilter
                    label={LABELS.learnSubjectsList}
                    allLabel={LABELS.learnAllSubjects}
                    allCount={allCount}
                    items={subjects.map((subject) => ({
                      id: subject.batchSubjectId,
                      title: subject.title,
                      count: subject.count,
                    }))}
                    selected={subjectId}
                    onSelect={(subject) => update({ subject })}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 8, lg: 9 }}>
                  <TopicNotes notes={subjectId ? subjectNotes : notes} />
                </Grid.Col>
              </Grid>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="sessions" pt="md">
            {sessionNotes.isPending ? (
              <Loading />
            ) : sessionNotes.isError ? (
              <EmptyNote text={errorMessage(sessionNotes.error)} />
            ) : (
              <SessionNotes notes={sessionNotes} />
            )}
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </>
  );
}
