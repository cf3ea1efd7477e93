import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { Group, Radio, Stack } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { useSearchParams } from 'react-router';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import type { ImportKind } from '../api';
import { ImportForm } from '../components/ImportForm';

/** /bulk/upload: choose Student (and a batch) or Faculty, then the same upload flow. */
export function BulkUploadPage() {
  const [params, setParams] = useSearchParams();
  const kind: ImportKind = params.get('type') === 'faculty' ? 'faculty' : 'student';
  const batchId = params.get('batch');

  const update = (next: { type: ImportKind; batch: string | null }) =>
    setParams(
      {
        ...(next.type === 'faculty' ? { type: 'faculty' } : {}),
        ...(next.type === 'student' && next.batch ? { batch: next.batch } : {}),
      },
      { replace: true },
    );

  return (
    <Stack gap="md" maw={820}>
      <PageBreadcrumb crumbs={[{ label: LABELS.bulkUploadTitle }]} />
      <PageHeader title={LABELS.bulkUploadTitle} />
      <Radio.Group
        label={LABELS.uploadType}
        value={kind}
        onChange={(type) => update({ type: type as ImportKind, batch: batchId })}
      >
        <Group gap="lg" mt={6}>
          <Radio value="student" label={LABELS.typeStudent} />
          <Radio value="faculty" label={LABELS.typeFaculty} />
        </Group>
      </Radio.Group>
      <ImportForm
        key={kind}
        kind={kind}
        batchId={batchId}
        onBatchChange={(batch) => update({ type: kind, batch })}
      />
    </Stack>
  );
}
