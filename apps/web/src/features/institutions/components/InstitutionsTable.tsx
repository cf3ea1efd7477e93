import { Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Institution } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import type { ReactNode } from 'react';
import { InstitutionName, NARROW_TABLE_QUERY } from './InstitutionName';
import classes from './InstitutionsTable.module.css';

/** A column of buttons about each row (Edit, Archive, Restore, ...). */
export interface InstitutionAction {
  heading: string;
  cell: (institution: Institution) => ReactNode;
}

/**
 * The owner's tables of institutions, active or archived: Sl No., Name (with its logo), Academic
 * Year, then one column per action. On a phone the academic year moves under the name, so every
 * action column fits without scrolling sideways.
 */
export function InstitutionsTable({
  label,
  institutions,
  actions,
}: {
  /** The table's accessible name ('Active Institutions', 'Archived Institutions'). */
  label: string;
  institutions: Institution[];
  actions: readonly InstitutionAction[];
}) {
  const narrow = useMediaQuery(NARROW_TABLE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Table.ScrollContainer minWidth={340} type="native">
      <Table verticalSpacing="sm" className={classes.table} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.narrow}>{LABELS.slNo}</Table.Th>
            <Table.Th>{LABELS.name}</Table.Th>
            {!narrow && <Table.Th className={classes.narrow}>{LABELS.academicYear}</Table.Th>}
            {actions.map((action) => (
              <Table.Th key={action.heading} className={classes.narrow}>
                {action.heading}
              </Table.Th>
            ))}
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
              {actions.map((action) => (
                <Table.Td key={action.heading}>{action.cell(institution)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
