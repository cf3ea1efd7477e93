import { AppShell, Burger, Group, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { LABELS } from '@portal/shared/messages';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { NotAvailable } from '../../components/NotAvailable';
import { TimeZoneNote } from '../../components/TimeZoneNote';
import { NotificationBell } from '../../features/notifications/components/NotificationBell';
import { isNavItemActive, navigationFor } from '../../lib/navigation';
import { notificationsHost } from '../../lib/notify';
import { pageAccess } from '../../lib/page-access';
import { useRequiredAccount } from '../../lib/session';
import { LiveUpdatesProvider } from '../live/LiveUpdatesProvider';
import { DemoVideoButton } from './DemoVideoButton';
import { InstitutionBrand } from './InstitutionBrand';
import { navIcon } from './nav-icons';
import { ProfileMenu } from './ProfileMenu';

/** The bell and the live updates are every signed-in role's but the owner's (management §2). */
const hasBell = (permission: string) => ['moderator', 'faculty', 'student'].includes(permission);

/**
 * Header (logo, title, demo video, the bell, profile menu), the role's left navigation and the page,
 * or the not-available state when the page belongs to other roles (`ROUTE_ROLES`). The tab's one
 * event stream lives here, so every page below it is refreshed by live events.
 */
export function AppLayout() {
  const account = useRequiredAccount();
  const { pathname } = useLocation();
  const [navOpened, nav] = useDisclosure(false);
  const items = navigationFor(account.permission);
  const withBell = hasBell(account.permission);

  // Signed-in pages show success and error notices; have their container ready.
  useEffect(() => notificationsHost.request(), []);

  return (
    <LiveUpdatesProvider enabled={withBell}>
      <ModalsProvider>
        <AppShell
          header={{ height: 64 }}
          navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
          padding={{ base: 'sm', sm: 'lg' }}
        >
          <AppShell.Header>
            <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
                <Burger
                  opened={navOpened}
                  onClick={nav.toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label={LABELS.toggleNavigation}
                  aria-expanded={navOpened}
                />
                <InstitutionBrand />
              </Group>
              <Group gap="sm" wrap="nowrap">
                <DemoVideoButton />
                {withBell && <NotificationBell />}
                <ProfileMenu />
              </Group>
            </Group>
          </AppShell.Header>

          <AppShell.Navbar p="sm" aria-label={LABELS.mainNavigation}>
            <AppShell.Section grow component={ScrollArea}>
              {items.map((item) => {
                const Icon = navIcon(item.icon);
                const active = isNavItemActive(pathname, item.path);
                return (
                  <NavLink
                    key={item.path}
                    component={Link}
                    to={item.path}
                    label={item.label}
                    leftSection={<Icon size={20} stroke={1.6} />}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={nav.close}
                    variant="light"
                    styles={{ root: { borderRadius: 'var(--mantine-radius-md)', marginBottom: 4 } }}
                  />
                );
              })}
            </AppShell.Section>
          </AppShell.Navbar>

          {/* The path it shows: the page drawn for an address, not the one before it. */}
          <AppShell.Main data-path={pathname}>
            <TimeZoneNote ta="right" mb={4} />
            {/* Another role's page is never rendered, so it asks the server for nothing. */}
            {pageAccess(pathname, account.permission) === 'refused' ? <NotAvailable /> : <Outlet />}
          </AppShell.Main>
        </AppShell>
      </ModalsProvider>
    </LiveUpdatesProvider>
  );
}
