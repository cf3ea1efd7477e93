import { Button, Paper, Table } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { Link } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PageHeader } from '../../../components/PageHeader';

const COLUMNS = [LABELS.slNo, LABELS.name, LABELS.academicYear, LABELS.edit, LABELS.archive];

/** Owner home: the 'Active Institutions' table (management §2); rows arrive with the institutions issue. */
export function OwnerHome() {
  return (
    <>
      <PageHeader
        title={LABELS.activeInstitutions}
        actions={
          <Button component={Link} to="/create-institution">
            {LABELS.addInstitution}
          </Button>
        }
      />
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
          </Table>
        </Table.ScrollContainer>
        {/* Outside the scrolling table, so it stays centred on a phone. */}
        <EmptyNote text={LABELS.noInstitutions} />
      </Paper>
    </>
  );
}
