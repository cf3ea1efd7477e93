import { Avatar, Group, Text } from '@mantine/core';
import type { Institution } from '@portal/shared';
import { graphemes } from '@portal/shared/i18n/graphemes';
import { formatMessage, LABELS } from '@portal/shared/messages';
import classes from './InstitutionsTable.module.css';

/** Below this width the owner's tables show the academic year under the name, so every action column fits. */
export const NARROW_TABLE_QUERY = '(max-width: 36em)';

/** An institution's name with its small logo (the initial when it has none), as the owner's tables show it. */
export function InstitutionName({
  institution,
  withYear = false,
}: {
  institution: Institution;
  withYear?: boolean;
}) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar
        src={institution.nav_logo || null}
        alt={formatMessage(LABELS.logoOf, { title: institution.title })}
        size="sm"
        radius="sm"
      >
        {graphemes(institution.title)[0]?.toUpperCase()}
      </Avatar>
      <div>
        <Text size="sm" fw={500} className={classes.name}>
          {institution.title}
        </Text>
        {withYear && (
          <Text size="xs" c="dimmed">
            {institution.academic_year}
          </Text>
        )}
      </div>
    </Group>
  );
}
