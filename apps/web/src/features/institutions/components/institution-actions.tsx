import { ActionIcon, Button, Menu } from '@mantine/core';
import type { Institution } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import {
  IconArchive,
  IconDots,
  IconFileZip,
  IconMovie,
  IconPencil,
  IconRestore,
  IconUsers,
} from '@tabler/icons-react';
import type { InstitutionAction } from './InstitutionsTable';

type OnRow = (institution: Institution) => void;

/** 'Active Institutions': Edit, Archive, and a menu with the institution's moderators, demo videos and data export. */
export function activeInstitutionActions(handlers: {
  onEdit: OnRow;
  onArchive: OnRow;
  onModerators: OnRow;
  onDemoVideos: OnRow;
  onExport: OnRow;
}): InstitutionAction[] {
  return [
    {
      heading: LABELS.edit,
      cell: (institution) => (
        <ActionIcon
          variant="subtle"
          aria-label={formatMessage(LABELS.editNamed, { title: institution.title })}
          onClick={() => handlers.onEdit(institution)}
        >
          <IconPencil size={18} />
        </ActionIcon>
      ),
    },
    {
      heading: LABELS.archive,
      cell: (institution) => (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={formatMessage(LABELS.archiveNamed, { title: institution.title })}
          onClick={() => handlers.onArchive(institution)}
        >
          <IconArchive size={18} />
        </ActionIcon>
      ),
    },
    {
      heading: LABELS.more,
      cell: (institution) => (
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
              onClick={() => handlers.onModerators(institution)}
            >
              {LABELS.moderators}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconMovie size={16} />}
              onClick={() => handlers.onDemoVideos(institution)}
            >
              {LABELS.demoVideos}
            </Menu.Item>
            <Menu.Item leftSection={<IconFileZip size={16} />} onClick={() => handlers.onExport(institution)}>
              {LABELS.exportData}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];
}

/** 'Archived Institutions': a Restore button per row. */
export function archivedInstitutionActions(onRestore: OnRow): InstitutionAction[] {
  return [
    {
      heading: LABELS.restore,
      cell: (institution) => (
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
      ),
    },
  ];
}
