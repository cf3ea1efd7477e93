import { Center, Text } from '@mantine/core';
import { MESSAGES } from '@portal/shared/messages';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { useRequiredAccount } from '../../../lib/session';

// Each role's home is its own chunk: a student never downloads the moderator's screens.
const HOMES: Record<string, LazyExoticComponent<ComponentType>> = {
  owner: lazy(() => import('./OwnerHome').then((m) => ({ default: m.OwnerHome }))),
  moderator: lazy(() => import('./ModeratorHome').then((m) => ({ default: m.ModeratorHome }))),
  faculty: lazy(() => import('./FacultyHome').then((m) => ({ default: m.FacultyHome }))),
  student: lazy(() => import('./StudentHome').then((m) => ({ default: m.StudentHome }))),
};

/** /dashboard and everything below it: the home of the signed-in role (management §1). */
export function DashboardPage() {
  const { permission } = useRequiredAccount();
  const Home = Object.hasOwn(HOMES, permission) ? HOMES[permission] : null;
  if (!Home) {
    return (
      <Center mih="50vh">
        <Text size="lg" fw={500}>
          {MESSAGES.loginUnderConstruction}
        </Text>
      </Center>
    );
  }
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Home />
    </Suspense>
  );
}
