import { Paper } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { BatchCreateForm } from '../components/BatchCreateForm';

/** /batch/create: the standalone Add Batch form; success returns to /dashboard with the banner. */
export function CreateBatchPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={LABELS.addBatchTitle} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={560}>
        <BatchCreateForm onCreated={() => navigate('/dashboard')} />
      </Paper>
    </>
  );
}
