import '@mantine/core/styles/Combobox.css';
import { Button, EmptyState, Group, Select, SimpleGrid, Stack, Tabs } from '@mantine/core';
import type { Assessment, AssessmentTimeTab } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconInbox, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { LoadMore } from '../../../components/LoadMore';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { pagedView } from '../../../lib/paged-list';
import { usePatchSearchParams } from '../../../lib/search-params';
import { ConfirmDialog } from '../../institutions/components/ConfirmDialog';
import { useAssessmentList, useCancelAssessment } from '../api';
import { AccommodationsModal } from '../components/AccommodationsModal';
import { AddQuestionsModal } from '../components/AddQuestionsModal';
import { AssessmentCard } from '../components/AssessmentCard';
import { AssessmentFormModal } from '../components/AssessmentFormModal';
import { useAssessmentScope } from '../scope';
import classes from './AssessmentsPage.module.css';

const ALL = 'all';

/**
 * /create/assessment (moderators and faculty): the Upcoming and Previous tabs, each with its count,
 * a batch filter, and the assessments as cards; the tab (`tab=previous`) and the batch (`batch`)
 * live in the address. Faculty see and create only for the batch subjects they teach.
 */
export function AssessmentsPage() {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const when: AssessmentTimeTab = params.get('tab') === 'previous' ? 'previous' : 'upcoming';
  const batchParam = params.get('batch');
  const scope = useAssessmentScope(null);
  // A batch from the address that is not among the caller's shows every batch.
  const batchId = batchParam && scope.batches.some((batch) => batch.value === batchParam) ? batchParam : null;
  const list = useAssessmentList(when, scope.batchesPending ? batchParam : batchId);

  const [form, setForm] = useState<{ assessment: Assessment | null } | null>(null);
  const [importing, setImporting] = useState<Assessment | null>(null);
  const [canceling, setCanceling] = useState<Assessment | null>(null);
  const [accommodating, setAccommodating] = useState<Assessment | null>(null);
  const cancel = useCancelAssessment();

  const counts = list.data?.pages[0]?.counts;
  const view = pagedView(list.data);
  const assessments = view.items;
  // The foot of the list (LoadMore): the tab's count is the server's total of the tab.
  const paged = {
    ...view,
    loadMore: () => {
      if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage({ cancelRefetch: false });
    },
    loadingMore: list.isFetchingNextPage,
    loadMoreError: list.isFetchNextPageError ? list.error : null,
  };
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ assessment: null })}>
      {LABELS.assessAddButton}
    </Button>
  );

  const confirmCancel = () => {
    if (!canceling) return;
    cancel.mutate(canceling._id, {
      onSuccess: () => {
        notify.success(MESSAGES.assessmentCanceled);
        setCanceling(null);
      },
    });
  };

  let content: ReactNode;
  if (list.isPending) {
    content = <Loading />;
  } else if (list.isError && !list.isFetchNextPageError) {
    content = <LoadFailed message={errorMessage(list.error)} retry={() => list.refetch()} />;
  } else if (assessments.length === 0) {
    content = (
      <EmptyState
        py="xl"
        size="sm"
        icon={<IconInbox size={28} stroke={1.5} />}
        title={batchId ? MESSAGES.noAssessmentForBatch : MESSAGES.noAssessment}
      >
        {!batchId && (
          <Group justify="center" mt="md">
            {addButton}
          </Group>
        )}
      </EmptyState>
    );
  } else {
    content = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {assessments.map((assessment) => (
            <AssessmentCard
              key={assessment._id}
              assessment={assessment}
              onEdit={() => setForm({ assessment })}
              onAccommodate={() => setAccommodating(assessment)}
              onAddQuestions={() => setImporting(assessment)}
              onCancel={() => {
                cancel.reset();
                setCanceling(assessment);
              }}
            />
          ))}
        </SimpleGrid>
        <LoadMore list={paged} auto />
      </Stack>
    );
  }

  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.assessTitle }]} />
      <PageHeader title={LABELS.assessTitle} actions={addButton} />
      <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
        <Tabs
          value={when}
          onChange={(next) => patchParams({ tab: next === 'previous' ? next : null }, { replace: true })}
          className={classes.tabs}
        >
          <Tabs.List grow>
            <Tabs.Tab value="upcoming">
              {formatMessage(LABELS.assessUpcomingTab, { n: String(counts?.upcoming ?? 0) })}
            </Tabs.Tab>
            <Tabs.Tab value="previous">
              {formatMessage(LABELS.assessPreviousTab, { n: String(counts?.previous ?? 0) })}
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Select
          label={LABELS.assessBatchFilter}
          data={[{ value: ALL, label: LABELS.assessAllBatches }, ...scope.batches]}
          value={batchId ?? ALL}
          onChange={(next) => patchParams({ batch: next === ALL ? null : next }, { replace: true })}
          disabled={scope.batchesPending}
          allowDeselect={false}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      {content}
      <AssessmentFormModal
        opened={form !== null}
        assessment={form?.assessment ?? null}
        batchId={batchId}
        onClose={() => setForm(null)}
      />
      <AddQuestionsModal assessment={importing} onClose={() => setImporting(null)} />
      <AccommodationsModal assessment={accommodating} onClose={() => setAccommodating(null)} />
      <ConfirmDialog
        opened={canceling !== null}
        title={LABELS.assessCancelTitle}
        text={formatMessage(MESSAGES.confirmCancelAssessment, { title: canceling?.title ?? '' })}
        // The spec's 'proceed' beside 'CANCEL' reads backwards here: the red button names what it cancels.
        confirmLabel={formatMessage(LABELS.assessCancelProceed, { title: canceling?.title ?? '' })}
        busy={cancel.isPending}
        error={cancel.isError ? errorMessage(cancel.error) : null}
        onCancel={() => setCanceling(null)}
        onConfirm={confirmCancel}
      />
    </>
  );
}
