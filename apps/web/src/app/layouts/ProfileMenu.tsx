import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { personName, profilePathFor, roleLabel } from '../../lib/navigation';
import { signOut, useRequiredAccount } from '../../lib/session';

/** The header's person (their name, not the login name) with My Profile and Logout. */
export function ProfileMenu() {
  const account = useRequiredAccount();
  const name = personName(account);
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named by the name it shows, then what it opens (WCAG 2.5.3: the name holds the visible
            label); the initials are only a picture of the name. */}
        <UnstyledButton style={{ borderRadius: 999 }}>
          <Group gap={8} wrap="nowrap">
            <Avatar name={name} color="initials" radius="xl" size={36} aria-hidden />
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate="end" title={name}>
              {name}
            </Text>
            <VisuallyHidden>{LABELS.profileMenu}</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {name} · {roleLabel(account.permission)}
        </Menu.Label>
        <Menu.Item
          component={Link}
          to={profilePathFor(account.permission)}
          leftSection={<IconUser size={16} />}
        >
          {LABELS.myProfile}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => signOut('user')}>
          {LABELS.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
