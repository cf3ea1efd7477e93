import '@mantine/core/styles/Combobox.css';
import { Group, Select, SimpleGrid, Stack, Tabs } from '@mantine/core';
import type { EvaluationTab } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { LoadMore } from '../../../components/LoadMore';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { pagedView } from '../../../lib/paged-list';
import { usePatchSearchParams } from '../../../lib/search-params';
import classes from '../../assessments/pages/AssessmentsPage.module.css';
import { useAssessmentScope } from '../../assessments/scope';
import { useEvaluationList } from '../api';
import { EvaluationCard } from '../components/EvaluationCard';

const ALL = 'all';

/**
 * /faculty/assessments (learning §2 "Evaluation (faculty)"): the Pending (CLOSED or DRAFTED) and
 * Evaluated (EVOLUTED) tabs with their counts, batch and subject selectors over the batch subjects
 * the teacher teaches, and a card per examination. Tab, batch and subject live in the address.
 */
export function EvaluationsPage() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const tab: EvaluationTab = params.get('tab') === 'evaluated' ? 'evaluated' : 'pending';
  const batchParam = params.get('batch');
  const scope = useAssessmentScope(batchParam);
  // A batch or subject from the address that is not the teacher's shows everything.
  const batchId = scope.batches.some((batch) => batch.value === batchParam) ? batchParam : null;
  const subjectParam = params.get('subject');
  const subjectId =
    batchId && scope.subjects.some((subject) => subject.value === subjectParam) ? subjectParam : null;
  const list = useEvaluationList(tab, { batchId, batchSubjectId: subjectId });

  const counts = list.data?.pages[0]?.counts;
  const view = pagedView(list.data);
  const paged = {
    ...view,
    loadMore: () => {
      if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage({ cancelRefetch: false });
    },
    loadingMore: list.isFetchingNextPage,
    loadMoreError: list.isFetchNextPageError ? list.error : null,
  };

  let content: ReactNode;
  if (list.isPending || scope.batchesPending) {
    content = <Loading />;
  } else if (list.isError && !list.isFetchNextPageError) {
    content = <LoadFailed message={errorMessage(list.error)} retry={() => list.refetch()} />;
  } else if (view.items.length === 0) {
    content = (
      <EmptyNote
        text={tab === 'pending' ? MESSAGES.noPendingExaminations : MESSAGES.noEvaluatedExaminations}
      />
    );
  } else {
    content = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {view.items.map((assessment) => (
            <EvaluationCard key={assessment._id} assessment={assessment} />
          ))}
        </SimpleGrid>
        <LoadMore list={paged} auto />
      </Stack>
    );
  }

  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.evalTitle }]} />
      <PageHeader title={LABELS.evalTitle} />
      <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
        <Tabs
          value={tab}
          onChange={(next) => patchParams({ tab: next === 'evaluated' ? next : null }, { replace: true })}
          className={classes.tabs}
        >
          <Tabs.List grow>
            <Tabs.Tab value="pending">
              {formatMessage(LABELS.evalPendingTab, { n: String(counts?.pending ?? 0) })}
            </Tabs.Tab>
            <Tabs.Tab value="evaluated">
              {formatMessage(LABELS.evalEvaluatedTab, { n: String(counts?.evaluated ?? 0) })}
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Group gap="sm" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
          <Select
            label={LABELS.evalBatch}
            data={[{ value: ALL, label: LABELS.evalAllBatches }, ...scope.batches]}
            value={batchId ?? ALL}
            onChange={(next) =>
              patchParams({ batch: next === ALL ? null : next, subject: null }, { replace: true })
            }
            disabled={scope.batchesPending}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label={LABELS.evalSubject}
            data={[{ value: ALL, label: LABELS.evalAllSubjects }, ...scope.subjects]}
            value={subjectId ?? ALL}
            onChange={(next) => patchParams({ subject: next === ALL ? null : next }, { replace: true })}
            disabled={!batchId || scope.subjectsPending}
            allowDeselect={false}
            w={{ base: '100%', xs: 240 }}
          />
        </Group>
      </Group>
      {content}
    </>
  );
}
