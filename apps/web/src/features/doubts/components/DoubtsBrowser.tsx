import { Grid, Stack, Title } from '@mantine/core';
import type { Doubt } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { Loading } from '../../../components/Loading';
import { LoadMore } from '../../../components/LoadMore';
import { SubjectFilter } from '../../../components/SubjectFilter';
import { errorMessage } from '../../../lib/api';
import type { PagedList } from '../../../lib/paged-list';
import { usePatchSearchParams } from '../../../lib/search-params';
import type { Selection } from '../../../lib/selection-path';
import { useMyBatchSubjects } from '../../subjects/api';
import { useDoubtTotal, useDoubtTotals } from '../api';
import { doubtTopic } from '../links';
import { DoubtList } from './DoubtList';
import type { DoubtViewer } from './DoubtThread';

interface DoubtsBrowserProps {
  viewer: DoubtViewer;
  /** The page's doubts of one batch subject (or all of them when none is chosen). */
  useSubjectDoubts: (batchSubjectId: string | null) => PagedList<Doubt>;
  topicPath: (selection: Selection) => string;
  /** Faculty teach several batches: their subjects are named with the batch. */
  withBatch: boolean;
}

/**
 * The doubts pages: the caller's subjects on the left (selection in `?subject=`), and the chosen
 * subject's doubts (all subjects' without one) grouped by topic, a page at a time. The counts are
 * the server's totals: the shown list's, and one-row pages for the other subjects and for all.
 */
export function DoubtsBrowser({ viewer, useSubjectDoubts, topicPath, withBatch }: DoubtsBrowserProps) {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const subjects = useMyBatchSubjects();
  const selectedId = params.get('subject');
  const selected = subjects.data?.find((subject) => subject._id === selectedId) ?? null;
  const doubts = useSubjectDoubts(selected ? selected._id : null);
  // Without a chosen subject the shown list is all of them, and counts itself.
  const allTotal = useDoubtTotal({}, selected !== null);
  const counts = useDoubtTotals(subjects.data?.map((subject) => subject._id) ?? []);
  const allCount = selected ? allTotal.data : (doubts.total ?? undefined);

  const batchOf = (batchSubjectId: string) =>
    subjects.data?.find((subject) => subject._id === batchSubjectId)?.batch_id;

  const choose = (batchSubjectId: string | null) =>
    patchParams({ subject: batchSubjectId }, { replace: true });

  if (subjects.isPending) return <Loading />;
  if (subjects.isError) return <EmptyNote text={errorMessage(subjects.error)} />;
  if (subjects.data.length === 0) return <EmptyNote text={MESSAGES.noSubjectsAvilable} />;

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <SubjectFilter
          label={LABELS.doubtsSubjects}
          allLabel={LABELS.doubtsAllSubjects}
          allCount={allCount}
          items={subjects.data.map((subject) => ({
            id: subject._id,
            title: subject.subject_title,
            description: withBatch ? subject.batch_title : undefined,
            count: counts.get(subject._id),
          }))}
          selected={selected?._id ?? null}
          onSelect={choose}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {formatMessage(LABELS.doubtsAll, { count: String(doubts.total ?? doubts.items.length) })}
          </Title>
          {doubts.isPending ? (
            <Loading />
          ) : doubts.isError ? (
            <EmptyNote text={errorMessage(doubts.error)} />
          ) : (
            <>
              <DoubtList
                doubts={doubts.items}
                viewer={viewer}
                grouped
                emptyText={selected ? LABELS.doubtsNoSubjectDoubts : LABELS.doubtsNoDoubtsYet}
                topicPath={(doubt) => topicPath(doubtTopic(doubt, batchOf))}
              />
              <LoadMore list={doubts} auto />
            </>
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
