import { Grid, Paper, Stack, Tabs, Title } from '@mantine/core';
import type { SessionNote } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { Loading } from '../../../components/Loading';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { SubjectFilter } from '../../../components/SubjectFilter';
import { errorMessage } from '../../../lib/api';
import { type SearchPatch, usePatchSearchParams } from '../../../lib/search-params';
import { useDeleteSessionNote, useMyNotes, useMySessionNotes, useUpdateSessionNote } from '../api';
import { NoteGroups } from '../components/NoteGroups';
import { NoteItem } from '../components/NoteItem';
import { noteSubjects } from '../note-groups';
import { useNoteActions } from '../useNoteActions';

function SessionNotes({ notes }: { notes: SessionNote[] }) {
  const actions = useNoteActions(useUpdateSessionNote(), useDeleteSessionNote());
  if (notes.length === 0) return <EmptyNote text={MESSAGES.noNotes} />;
  const sessions = new Map<string, SessionNote[]>();
  for (const note of notes) sessions.set(note.session_id, [...(sessions.get(note.session_id) ?? []), note]);
  return (
    <Stack gap="lg">
      {[...sessions.values()].map((group) => (
        <Stack key={group[0]!.session_id} gap="xs" component="section" aria-label={group[0]!.session_title}>
          <Title order={3} size="h5">
            {group[0]!.session_title}
          </Title>
          {group.map((note) => (
            <NoteItem key={note._id} note={note} {...actions(note._id)} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * /me/notes: Topic Notes (n), the subjects on the left and the notes grouped by topic, and Live
 * Session Notes (n); both editable and deletable (learning §2 "Notes").
 */
export function MyNotesPage() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const tab = params.get('tab') === 'sessions' ? 'sessions' : 'topics';
  const subjectId = params.get('subject');
  const notes = useMyNotes();
  const sessionNotes = useMySessionNotes();
  const all = notes.data ?? [];
  const subjects = noteSubjects(all);
  const shown = subjectId ? all.filter((note) => note.batch_subject_id === subjectId) : all;

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
                count: notes.isPending ? '…' : String(all.length),
              })}
            </Tabs.Tab>
            <Tabs.Tab value="sessions">
              {formatMessage(LABELS.learnSessionNotesTab, {
                count: sessionNotes.isPending ? '…' : String(sessionNotes.data?.length ?? 0),
              })}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="topics" pt="md">
            {notes.isPending ? (
              <Loading />
            ) : notes.isError ? (
              <EmptyNote text={errorMessage(notes.error)} />
            ) : all.length === 0 ? (
              <EmptyNote text={MESSAGES.noNotes} />
            ) : (
              <Grid gap="lg" align="flex-start">
                <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
                  <SubjectFilter
                    label={LABELS.learnSubjectsList}
                    allLabel={LABELS.learnAllSubjects}
                    allCount={all.length}
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
                  {shown.length === 0 ? (
                    <EmptyNote text={MESSAGES.noNotes} />
                  ) : (
                    <NoteGroups notes={shown} editable />
                  )}
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
              <SessionNotes notes={sessionNotes.data} />
            )}
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </>
  );
}
