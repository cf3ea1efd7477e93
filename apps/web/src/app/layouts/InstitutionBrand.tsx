import { Avatar, Group, Text } from '@mantine/core';
import { initialsOf } from '@portal/shared/i18n/graphemes';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { useProductName } from '../../features/auth/api';
import { useRequiredAccount } from '../../lib/session';

/** The header's institution logo and title; an owner belongs to no institution and sees the product. */
export function InstitutionBrand() {
  const account = useRequiredAccount();
  const productName = useProductName();
  const title = account.institution_title ?? productName;
  const logo = account.institution_id ? account.institution_nav_logo : null;
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      {/* Avatar falls back to the initials when there is no logo or it fails to load. */}
      <Avatar
        src={logo}
        alt={formatMessage(LABELS.logoOf, { title })}
        radius="md"
        size={40}
        color="school"
        variant="filled"
      >
        {initialsOf(title)}
      </Avatar>
      <Text fw={700} fz={{ base: 'sm', xs: 'md', sm: 'lg' }} lh={1.25} lineClamp={2} miw={0} title={title}>
        {title}
      </Text>
    </Group>
  );
}
