import '@mantine/core/styles/Indicator.css';
import {
  ActionIcon,
  Anchor,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Loading } from '../../../components/Loading';
import { notificationKeys, useBell, useMarkBellSeen } from '../api';
import { ANNOUNCEMENTS_PATH } from '../links';
import { BellItemRow } from './BellItemRow';

/**
 * The header's bell (learning §2 "Header and notifications", §4, §9): the badge counts what changed
 * since the panel was last read; the panel lists pending assessments (students), upcoming sessions
 * and the last 3 days' announcements, each a link only when the notification rules allow it.
 * Opening the panel marks everything in it seen. It closes on an outside click, Escape or a choice.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const bell = useBell();
  const markSeen = useMarkBellSeen();
  const queryClient = useQueryClient();
  const count = bell.data?.count ?? 0;
  const unseen = bell.data?.unseen_count ?? 0;
  const asOf = bell.data?.as_of;

  // Reading the panel: what it shows is seen (again when a live change arrives while it is open).
  const { mutate } = markSeen;
  useEffect(() => {
    if (opened && asOf && unseen > 0) mutate(asOf);
  }, [opened, asOf, unseen, mutate]);

  // Escape closes it wherever the focus is (the dropdown handles it only with the focus inside).
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') setOpened(false);
  });

  const toggle = () => {
    // Opening shows the bell as it is now (clickability follows the server's clock).
    if (!opened) void queryClient.invalidateQueries({ queryKey: notificationKeys.bell });
    setOpened(!opened);
  };

  return (
    // The badge sits around the popup, so the button itself is the popup's target and carries
    // its aria-expanded (a div may not).
    <Indicator
      label={unseen > 99 ? '99+' : String(unseen)}
      size={18}
      color="red"
      offset={6}
      disabled={unseen === 0}
      data-testid="bell-unseen"
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        onDismiss={() => setOpened(false)}
        position="bottom-end"
        width={380}
        shadow="md"
        withinPortal
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            onClick={toggle}
            aria-label={formatMessage(LABELS.notificationsBell, { n: String(count) })}
            aria-expanded={opened}
            aria-haspopup="dialog"
          >
            <IconBell size={22} stroke={1.6} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} maw="calc(100vw - 16px)" role="dialog" aria-label={LABELS.notifications}>
          <Group justify="space-between" px="md" py="sm" wrap="nowrap">
            <Text fw={600}>{formatMessage(LABELS.notificationsBell, { n: String(count) })}</Text>
          </Group>
          <Divider />
          {bell.isPending ? (
            <Loading />
          ) : !bell.data || bell.data.items.length === 0 ? (
            <Text size="sm" c="dimmed" px="md" py="lg" ta="center">
              {LABELS.notificationsEmpty}
            </Text>
          ) : (
            <ScrollArea.Autosize mah="min(420px, 60vh)" type="auto">
              <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {bell.data.items.map((item) => (
                  <BellItemRow key={`${item.kind}-${item._id}`} item={item} onOpen={() => setOpened(false)} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          <Divider />
          <Group justify="flex-end" px="md" py="xs">
            <Anchor component={Link} to={ANNOUNCEMENTS_PATH} size="sm" onClick={() => setOpened(false)}>
              {LABELS.notificationsAllAnnouncements}
            </Anchor>
          </Group>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
