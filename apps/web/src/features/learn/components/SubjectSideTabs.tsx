import { Anchor, Paper, ScrollArea, Stack, Tabs } from '@mantine/core';
import type { Teacher } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { Link } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { Loading } from '../../../components/Loading';
import { LoadMore } from '../../../components/LoadMore';
import { errorMessage } from '../../../lib/api';
import { useBatchSubjectDoubts, useDoubts } from '../../doubts/api';
import { DoubtList } from '../../doubts/components/DoubtList';
import { useMyFaculties } from '../api';
import { MY_DOUBTS_PATH, MY_TEACHERS_PATH, myTopicDetailPath, subjectDoubtsPath } from '../links';
import { TeacherCard } from './TeacherCard';

interface SubjectSideTabsProps {
  /** One batch subject's teachers and doubts; all of the student's when left out. */
  batchSubjectId?: string | null;
}

/** The side tabs Teachers (n) and Doubts (n) of the subjects and chapters pages (learning §2). */
export function SubjectSideTabs({ batchSubjectId }: SubjectSideTabsProps) {
  const faculties = useMyFaculties();
  const oneSubject = useBatchSubjectDoubts(batchSubjectId);
  const allSubjects = useDoubts({}, !batchSubjectId);
  const doubts = batchSubjectId ? oneSubject : allSubjects;

  const teachers: Teacher[] = (faculties.data ?? []).filter(
    (teacher) =>
      !batchSubjectId || teacher.subjects.some((subject) => subject.batch_subject_id === batchSubjectId),
  );
  const count = (value: number, pending: boolean) => (pending ? '…' : String(value));

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
      <Tabs defaultValue="teachers">
        <Tabs.List grow>
          <Tabs.Tab value="teachers">
            {formatMessage(LABELS.learnTeachersTab, { count: count(teachers.length, faculties.isPending) })}
          </Tabs.Tab>
          <Tabs.Tab value="doubts">
            {formatMessage(LABELS.learnDoubtsTab, {
              count: count(doubts.total ?? doubts.items.length, doubts.isPending),
            })}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="teachers" pt="md">
          {faculties.isPending ? (
            <Loading />
          ) : faculties.isError ? (
            <EmptyNote text={errorMessage(faculties.error)} />
          ) : teachers.length === 0 ? (
            <EmptyNote text={LABELS.learnNoTeachers} />
          ) : (
            <Stack gap="sm">
              {teachers.map((teacher) => (
                <TeacherCard key={teacher._id} teacher={teacher} compact />
              ))}
              <Anchor component={Link} to={MY_TEACHERS_PATH} size="sm">
                {LABELS.learnTeachersTitle}
              </Anchor>
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="doubts" pt="md">
          {doubts.isPending ? (
            <Loading />
          ) : doubts.isError ? (
            <EmptyNote text={errorMessage(doubts.error)} />
          ) : (
            <Stack gap="sm">
              <ScrollArea.Autosize mah={560} offsetScrollbars>
                <DoubtList
                  doubts={doubts.items}
                  viewer="student"
                  emptyText={LABELS.learnNoDoubts}
                  replyable={false}
                  topicPath={(doubt) =>
                    myTopicDetailPath({
                      subject: doubt.batch_subject_id,
                      chapter: doubt.chapter_id,
                      topic: doubt.topic_id,
                    })
                  }
                />
                <LoadMore list={doubts} auto />
              </ScrollArea.Autosize>
              <Anchor
                component={Link}
                to={batchSubjectId ? subjectDoubtsPath(batchSubjectId) : MY_DOUBTS_PATH}
                size="sm"
              >
                {LABELS.learnSeeAllDoubts}
              </Anchor>
            </Stack>
          )}
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
