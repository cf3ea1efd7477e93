import { ActionIcon, Menu, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Institution } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconArchive, IconDots, IconMovie, IconPencil, IconUsers } from '@tabler/icons-react';
import { InstitutionName, NARROW_TABLE_QUERY } from './InstitutionName';
import classes from './InstitutionsTable.module.css';

const COLUMNS = [LABELS.slNo, LABELS.name, LABELS.academicYear, LABELS.edit, LABELS.archive, LABELS.more];

/**
 * 'Active Institutions': Sl No., Name (with its logo), Academic Year, Edit, Archive, and a menu
 * with the institution's moderators and demo videos.
 */
export function InstitutionsTable({
  institutions,
  onEdit,
  onArchive,
  onModerators,
  onDemoVideos,
}: {
  institutions: Institution[];
  onEdit: (institution: Institution) => void;
  onArchive: (institution: Institution) => void;
  onModerators: (institution: Institution) => void;
  onDemoVideos: (institution: Institution) => void;
}) {
  const narrow = useMediaQuery(NARROW_TABLE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Table.ScrollContainer minWidth={340} type="native">
      <Table verticalSpacing="sm" className={classes.table} aria-label={LABELS.activeInstitutions}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.filter((column) => !narrow || column !== LABELS.academicYear).map((column) => (
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
                <InstitutionName institution={institution} withYear={narrow} />
              </Table.Td>
              {!narrow && <Table.Td className={classes.nowrap}>{institution.academic_year}</Table.Td>}
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
              <Table.Td>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={formatMessage(LABELS.moreActionsNamed, { title: institution.title })}
                    >
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconUsers size={16} />}
                      onClick={() => onModerators(institution)}
                    >
                      {LABELS.moderators}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={<IconMovie size={16} />}
                      onClick={() => onDemoVideos(institution)}
                    >
                      {LABELS.demoVideos}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
