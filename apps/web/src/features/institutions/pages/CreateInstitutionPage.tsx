import { Paper } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { useNavigate } from 'react-router';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { InstitutionCreateForm } from '../components/InstitutionCreateForm';

/** /create-institution: the standalone Add Institution form; success returns home with the banner. */
export function CreateInstitutionPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.addInstitutionTitle }]} />
      <PageHeader title={LABELS.addInstitutionTitle} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={560}>
        <InstitutionCreateForm onCreated={() => navigate('/dashboard')} />
      </Paper>
    </>
  );
}
