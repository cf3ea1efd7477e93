import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/dates/styles.css';
import { Button, Center, Grid, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { DATE_FORMAT, dateText } from '@portal/shared/time';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { Loading } from '../../../components/Loading';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { type SearchPatch, usePatchSearchParams } from '../../../lib/search-params';
import { useInstitutionToday } from '../../../lib/time-zone';
import { useMyProfile } from '../../profile/api';
import { useBatchOptions, useDailyStudyPlan } from '../api';
import { CreateStudyPlanModal } from '../components/CreateStudyPlanModal';
import { StudyPlanTable } from '../components/StudyPlanTable';
import { CALENDAR_PICKER_RANGE, pageDate } from '../validation';

/**
 * /create/study-plan: pick a batch and a day on the left, see and change that day's plan on the
 * right (stacked on phones). The batch and the day live in the address (`batch`, `date`); without
 * a day it opens on the institution's today (its time zone), as the student home does.
 */
export function StudyPlanPage() {
  const profile = useMyProfile(true);
  const today = useInstitutionToday();
  if (profile.isPending) return <Loading />;
  return <StudyPlanOn today={profile.data?.today ?? today} />;
}

function StudyPlanOn({ today }: { today: string }) {
  const [params] = useSearchParams();
  const patchParams = usePatchSearchParams();
  const batchId = params.get('batch');
  const date = pageDate(params.get('date'), today);
  const [batchError, setBatchError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const batches = useBatchOptions();
  const plan = useDailyStudyPlan(date, batchId);
  const batchTitle = batches.data?.find((batch) => batch._id === batchId)?.title;

  const select = (patch: SearchPatch) => patchParams(patch, { replace: true });

  const openCreate = () => {
    if (!batchId) return setBatchError(MESSAGES.selectTheBatch);
    setCreating(true);
  };

  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.studyPlanTitle }]} />
      <PageHeader title={LABELS.studyPlanTitle} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <Select
                label={LABELS.studyPlanBatch}
                placeholder={LABELS.selectBatchPlaceholder}
                data={(batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.title }))}
                value={batchId}
                onChange={(id) => {
                  setBatchError(null);
                  select({ batch: id });
                }}
                error={batchError}
                disabled={batches.isPending}
                withAsterisk
              />
              <DatePickerInput
                label={LABELS.studyPlanDateField}
                valueFormat={DATE_FORMAT}
                {...CALENDAR_PICKER_RANGE}
                value={date}
                onChange={(day) => select({ date: day })}
              />
              <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
                {LABELS.createStudyPlan}
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mih={200}>
            {batchId && batchTitle && (
              <Group justify="space-between" mb="sm" gap="xs">
                <Title order={2} size="h4">
                  {batchTitle}
                </Title>
                <Text c="dimmed" size="sm">
                  {dateText(date)}
                </Text>
              </Group>
            )}
            {batchId && plan.isPending ? (
              <Center mih={160}>
                <Loader role="status" aria-label={LABELS.loading} />
              </Center>
            ) : plan.data && plan.data.length > 0 ? (
              <StudyPlanTable entries={plan.data} />
            ) : (
              // A failed load shows no message (management §8): the empty state stays.
              <EmptyNote text={MESSAGES.studyPlanEmpty} />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      {batchId && (
        <CreateStudyPlanModal
          opened={creating}
          batchId={batchId}
          initialDate={date}
          onClose={() => setCreating(false)}
          onCreated={(day) => {
            setCreating(false);
            select({ date: day });
          }}
        />
      )}
    </>
  );
}
