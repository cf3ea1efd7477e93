import { Stack } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { useSearchParams } from 'react-router';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { ImportForm } from '../components/ImportForm';

/** /student/upload/bulk: choose a batch, upload the CSV (or give its location), Upload. */
export function BulkUploadStudentsPage() {
  const [params, setParams] = useSearchParams();
  return (
    <Stack gap="md" maw={820}>
      <PageBreadcrumb
        crumbs={[
          { label: LABELS.studentListCrumb, to: '/student/list' },
          { label: LABELS.bulkUploadStudentsTitle },
        ]}
      />
      <PageHeader title={LABELS.bulkUploadStudentsTitle} />
      <ImportForm
        kind="student"
        batchId={params.get('batch')}
        onBatchChange={(batch) => setParams(batch ? { batch } : {}, { replace: true })}
      />
    </Stack>
  );
}
