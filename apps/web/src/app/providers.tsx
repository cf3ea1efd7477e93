import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { notificationsHost } from '../lib/notify';
import { queryClient } from '../lib/query-client';
import classes from './notifications.module.css';
import { cssVariablesResolver, theme } from './theme';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/**
 * The notices' container, mounted once the first notice is shown (keeps it out of the /login bundle).
 * Top right under the header on wide screens; on phones at the bottom: neither hides the header.
 */
function NotificationsHost() {
  const wanted = useSyncExternalStore(notificationsHost.subscribe, notificationsHost.isWanted);
  const phone = useMediaQuery(PHONE_QUERY);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        position={phone ? 'bottom-center' : 'top-right'}
        zIndex={1000}
        classNames={{ root: classes.container }}
      />
    </Suspense>
  );
}

/** Mantine's `xs` breakpoint (36em): phones held upright. */
const PHONE_QUERY = '(max-width: 36em)';

/**
 * App-wide providers. ModalsProvider (confirmation popups) sits in the signed-in layout, which is the only
 * place that uses it, so the public pages stay small.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <NotificationsHost />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
