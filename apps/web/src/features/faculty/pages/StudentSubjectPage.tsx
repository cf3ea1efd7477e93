import '@mantine/core/styles/Combobox.css';
import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { SubjectStudent } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useBatchOptions } from '../../subjects/api';
import { useAddStudents, useAllBatchSubjects, useRemoveStudents, useSubjectStudents } from '../api';
import { StudentPickTable } from '../components/StudentPickTable';

type Tab = 'add' | 'remove';
const ALL = 'all';
// "Class 8 A" before "Class 10 A": numbers inside titles compare as numbers.
const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * /student/subject (Add/Remove Student from Subject): pick a subject (a batch subject) and a class
 * (all or one batch); the Add-Student tab lists the students who are not on the subject, the
 * Remove-Student tab those who are. The choices live in the URL (`subject`, `batch`, `tab`).
 */
export function StudentSubjectPage() {
  const [params, setParams] = useSearchParams();
  const subjectId = params.get('subject');
  const batchId = params.get('batch');
  const tab: Tab = params.get('tab') === 'remove' ? 'remove' : 'add';
  const subjects = useAllBatchSubjects();
  const batches = useBatchOptions();
  const known = subjects.data?.find((subject) => subject._id === subjectId) ?? null;
  const knownBatch = batches.data?.some((batch) => batch._id === batchId) ? batchId : null;
  const lists = useSubjectStudents(known?._id ?? null, knownBatch);
  const add = useAddStudents();
  const remove = useRemoveStudents();
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const choose = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
    setSelected(new Set());
  };

  const subjectOptions = [...(subjects.data ?? [])]
    .sort(
      (a, b) =>
        naturalOrder.compare(a.batch_title, b.batch_title) ||
        naturalOrder.compare(a.subject_title, b.subject_title),
    )
    .map((subject) => ({
      value: subject._id,
      label: formatMessage(LABELS.subjectOfBatch, {
        subject: subject.subject_title,
        batch: subject.batch_title,
      }),
    }));
  const classOptions = [
    { value: ALL, label: LABELS.allClasses },
    ...(batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.title })),
  ];

  const confirm = (kind: Tab, students: SubjectStudent[]) => {
    if (!known) return;
    const chosen = students.filter((student) => selected.has(student._id));
    if (chosen.length === 0) {
      notify.error(MESSAGES.selectStudents);
      return;
    }
    const subject = formatMessage(LABELS.subjectOfBatch, {
      subject: known.subject_title,
      batch: known.batch_title,
    });
    const count = String(chosen.length);
    const mutation = kind === 'add' ? add : remove;
    modals.openConfirmModal({
      title: kind === 'add' ? LABELS.addStudentsTitle : LABELS.removeStudentsTitle,
      children: formatMessage(kind === 'add' ? MESSAGES.confirmAddStudents : MESSAGES.confirmRemoveStudents, {
        count,
        subject,
      }),
      labels: { confirm: LABELS.confirmProceed, cancel: LABELS.confirmCancel },
      confirmProps: kind === 'remove' ? { color: 'red' } : {},
      onConfirm: () =>
        mutation.mutate(
          { batchSubjectId: known._id, studentIds: chosen.map((student) => student._id) },
          {
            onSuccess: () => {
              notify.success(
                formatMessage(
                  kind === 'add' ? MESSAGES.studentsAddedToSubject : MESSAGES.studentsRemovedFromSubject,
                  { count, subject },
                ),
              );
              setSelected(new Set());
            },
            onError: (failure) => notify.error(errorMessage(failure)),
          },
        ),
    });
  };

  const panel = (kind: Tab): ReactNode => {
    if (lists.isPending)
      return (
        <Center py="xl">
          <Loader role="status" aria-label={LABELS.loading} />
        </Center>
      );
    if (lists.isError) return <EmptyNote text={errorMessage(lists.error)} />;
    const students = kind === 'add' ? lists.data.available : lists.data.enrolled;
    if (students.length === 0)
      return <EmptyNote text={kind === 'add' ? MESSAGES.noStudentToAdd : MESSAGES.noStudentToRemove} />;
    const chosen = students.filter((student) => selected.has(student._id)).length;
    const mutation = kind === 'add' ? add : remove;
    return (
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {formatMessage(LABELS.selectedCount, { count: String(chosen) })}
          </Text>
          <Button
            color={kind === 'remove' ? 'red' : undefined}
            leftSection={kind === 'add' ? <IconUserPlus size={16} /> : <IconUserMinus size={16} />}
            disabled={chosen === 0}
            loading={mutation.isPending}
            onClick={() => confirm(kind, students)}
          >
            {kind === 'add' ? LABELS.addStudentsAction : LABELS.removeStudentsAction}
          </Button>
        </Group>
        <StudentPickTable
          label={kind === 'add' ? LABELS.studentsToAdd : LABELS.studentsToRemove}
          students={students}
          selected={selected}
          onSelectedChange={setSelected}
        />
      </Stack>
    );
  };

  return (
    <Stack gap="md">
      <PageBreadcrumb crumbs={[{ label: LABELS.studentSubjectCrumb }]} />
      <PageHeader title={LABELS.studentSubjectTitle} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={760}>
        <Select
          label={LABELS.fieldSubject}
          placeholder={LABELS.selectSubjectPlaceholder}
          data={subjectOptions}
          value={known?._id ?? null}
          onChange={(next) => choose({ subject: next })}
          searchable
          allowDeselect={false}
          disabled={subjects.isPending}
          nothingFoundMessage={MESSAGES.noSubjectsAvailable}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={LABELS.fieldClass}
          data={classOptions}
          value={knownBatch ?? ALL}
          onChange={(next) => choose({ batch: next === ALL ? null : next })}
          allowDeselect={false}
          disabled={batches.isPending}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      {!known ? (
        <EmptyNote text={MESSAGES.selectASubject} />
      ) : (
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          <Tabs
            value={tab}
            onChange={(next) => choose({ tab: next === 'remove' ? 'remove' : null })}
            keepMounted={false}
          >
            <Tabs.List mb="sm">
              <Tabs.Tab
                value="add"
                rightSection={
                  lists.data && (
                    <Badge size="sm" variant="light" circle={lists.data.available.length < 10}>
                      {lists.data.available.length}
                    </Badge>
                  )
                }
              >
                {LABELS.addStudentTab}
              </Tabs.Tab>
              <Tabs.Tab
                value="remove"
                rightSection={
                  lists.data && (
                    <Badge size="sm" variant="light" color="gray" circle={lists.data.enrolled.length < 10}>
                      {lists.data.enrolled.length}
                    </Badge>
                  )
                }
              >
                {LABELS.removeStudentTab}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="add">{panel('add')}</Tabs.Panel>
            <Tabs.Panel value="remove">{panel('remove')}</Tabs.Panel>
          </Tabs>
        </Paper>
      )}
    </Stack>
  );
}
