import { Paper } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { useNavigate } from 'react-router';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { BatchCreateForm } from '../components/BatchCreateForm';

/** /batch/create: the standalone Add Batch form; success returns to /dashboard with the banner. */
export function CreateBatchPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.addBatchTitle }]} />
      <PageHeader title={LABELS.addBatchTitle} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={560}>
        <BatchCreateForm onCreated={() => navigate('/dashboard')} />
      </Paper>
    </>
  );
}
