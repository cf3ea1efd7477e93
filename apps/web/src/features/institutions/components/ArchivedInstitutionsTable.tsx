import { Button, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Institution } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconRestore } from '@tabler/icons-react';
import { InstitutionName, NARROW_TABLE_QUERY } from './InstitutionName';
import classes from './InstitutionsTable.module.css';

/** 'Archived Institutions': Sl No., Name, Academic Year and a Restore button per row. */
export function ArchivedInstitutionsTable({
  institutions,
  onRestore,
}: {
  institutions: Institution[];
  onRestore: (institution: Institution) => void;
}) {
  const narrow = useMediaQuery(NARROW_TABLE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Table.ScrollContainer minWidth={340} type="native">
      <Table verticalSpacing="sm" className={classes.table} aria-label={LABELS.archivedInstitutions}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.narrow}>{LABELS.slNo}</Table.Th>
            <Table.Th>{LABELS.name}</Table.Th>
            {!narrow && <Table.Th className={classes.narrow}>{LABELS.academicYear}</Table.Th>}
            <Table.Th className={classes.narrow}>{LABELS.restore}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {institutions.map((institution, index) => (
            <Table.Tr key={institution._id}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                <InstitutionName institution={institution} withYear={narrow} />
              </Table.Td>
              {!narrow && <Table.Td className={classes.nowrap}>{institution.academic_year}</Table.Td>}
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  color="teal"
                  leftSection={<IconRestore size={16} />}
                  aria-label={formatMessage(LABELS.restoreNamed, { title: institution.title })}
                  onClick={() => onRestore(institution)}
                >
                  {LABELS.restore}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
