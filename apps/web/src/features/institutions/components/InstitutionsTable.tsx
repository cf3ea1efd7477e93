import { ActionIcon, Avatar, Group, Table, Text } from '@mantine/core';
import type { Institution } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconArchive, IconPencil } from '@tabler/icons-react';
import classes from './InstitutionsTable.module.css';

const COLUMNS = [LABELS.slNo, LABELS.name, LABELS.academicYear, LABELS.edit, LABELS.archive];

/** 'Active Institutions': Sl No., Name (with its logo), Academic Year, Edit, Archive. */
export function InstitutionsTable({
  institutions,
  onEdit,
  onArchive,
}: {
  institutions: Institution[];
  onEdit: (institution: Institution) => void;
  onArchive: (institution: Institution) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={340} type="native">
      <Table verticalSpacing="sm" className={classes.table} aria-label={LABELS.activeInstitutions}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} className={column === LABELS.name ? undefined : classes.narrow}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {institutions.map((institution, index) => (
            <Table.Tr key={institution._id}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar
                    src={institution.nav_logo || null}
                    alt={formatMessage(LABELS.logoOf, { title: institution.title })}
                    size="sm"
                    radius="sm"
                  >
                    {institution.title.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <Text size="sm" fw={500} className={classes.name}>
                    {institution.title}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td className={classes.nowrap}>{institution.academic_year}</Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  aria-label={formatMessage(LABELS.editNamed, { title: institution.title })}
                  onClick={() => onEdit(institution)}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={formatMessage(LABELS.archiveNamed, { title: institution.title })}
                  onClick={() => onArchive(institution)}
                >
                  <IconArchive size={18} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
