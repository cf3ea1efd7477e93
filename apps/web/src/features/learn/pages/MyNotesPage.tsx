import { Grid, NavLink, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import type { SessionNote } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useDeleteSessionNote, useMyNotes, useMySessionNotes, useUpdateSessionNote } from '../api';
import { Loading } from '../components/Loading';
import { NoteGroups } from '../components/NoteGroups';
import { NoteItem } from '../components/NoteItem';
import { confirmDeleteNote } from '../confirm-delete';
import { noteSubjects } from '../note-groups';

function SessionNotes({ notes }: { notes: SessionNote[] }) {
  const update = useUpdateSessionNote();
  const remove = useDeleteSessionNote();
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
            <NoteItem
              key={note._id}
              note={note}
              onSave={(note_text) =>
                update.mutateAsync({ id: note._id, note_text }).then(
                  () => notify.success(LABELS.learnNoteSaved),
                  (failure: unknown) => {
                    throw new Error(errorMessage(failure));
                  },
                )
              }
              onDelete={() =>
                confirmDeleteNote(() =>
                  remove.mutate(note._id, {
                    onSuccess: () => notify.success(LABELS.learnNoteDeleted),
                    onError: (failure) => notify.error(errorMessage(failure)),
                  }),
                )
              }
              busy={remove.isPending && remove.variables === note._id}
            />
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
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'sessions' ? 'sessions' : 'topics';
  const subjectId = params.get('subject');
  const notes = useMyNotes();
  const sessionNotes = useMySessionNotes();
  const all = notes.data ?? [];
  const subjects = noteSubjects(all);
  const shown = subjectId ? all.filter((note) => note.batch_subject_id === subjectId) : all;

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <>
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
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
                    {LABELS.learnSubjectsList}
                  </Text>
                  <nav aria-label={LABELS.learnSubjectsList}>
                    <NavLink
                      component="button"
                      label={LABELS.learnAllSubjects}
                      rightSection={<Text size="xs">{all.length}</Text>}
                      active={!subjectId}
                      onClick={() => update({ subject: null })}
                      variant="light"
                    />
                    {subjects.map((subject) => (
                      <NavLink
                        key={subject.batchSubjectId}
                        component="button"
                        label={subject.title}
                        rightSection={<Text size="xs">{subject.count}</Text>}
                        active={subjectId === subject.batchSubjectId}
                        onClick={() => update({ subject: subject.batchSubjectId })}
                        variant="light"
                      />
                    ))}
                  </nav>
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
