import '@mantine/core/styles/SegmentedControl.css';
import { SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import type { Assessment, AssessmentTimeTab } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { LoadMore } from '../../../components/LoadMore';
import { errorMessage } from '../../../lib/api';
import { usePatchSearchParams } from '../../../lib/search-params';
import { useMyExams } from '../api';
import { useShownExamStates } from '../opening';
import { ExamCard } from './ExamCard';
import { StartExamModal } from './StartExamModal';

/**
 * The Examinations tab of /me/assessments: Upcoming (due not passed) and Previous, each with its
 * count, a card per examination; the choice lives in the address (`when=previous`).
 */
export function ExaminationsTab() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const when: AssessmentTimeTab = params.get('when') === 'previous' ? 'previous' : 'upcoming';
  const list = useMyExams(when);
  const stateOf = useShownExamStates(list.items);
  const [starting, setStarting] = useState<Assessment | null>(null);
  const count = (tab: AssessmentTimeTab) => String(list.counts?.[tab] ?? 0);

  let body: React.ReactNode;
  if (list.isPending) body = <Loading />;
  else if (list.isError)
    body = <LoadFailed message={errorMessage(list.error)} retry={() => list.refetch()} />;
  else if (list.items.length === 0)
    body = <EmptyNote text={when === 'upcoming' ? LABELS.examNoUpcoming : LABELS.examNoPrevious} />;
  else
    body = (
      <>
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
          {list.items.map((exam) => (
            <ExamCard key={exam._id} exam={exam} state={stateOf(exam)} onStart={setStarting} />
          ))}
        </SimpleGrid>
        <LoadMore list={list} auto />
      </>
    );

  return (
    <Stack gap="md">
      <SegmentedControl
        value={when}
        onChange={(next) => patchParams({ when: next === 'previous' ? next : null }, { replace: true })}
        data={[
          { value: 'upcoming', label: formatMessage(LABELS.examUpcomingTab, { n: count('upcoming') }) },
          { value: 'previous', label: formatMessage(LABELS.examPreviousTab, { n: count('previous') }) },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {body}
      <StartExamModal exam={starting} onClose={() => setStarting(null)} />
    </Stack>
  );
}
