import { Button, EmptyState } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Any route the app does not have (yet), inside the signed-in layout. */
export function NotFoundPage() {
  return (
    <EmptyState
      mt="xl"
      py="xl"
      size="lg"
      variant="light"
      icon={<IconMapSearch size={32} stroke={1.5} />}
      title={<h1 style={{ margin: 0, font: 'inherit' }}>{MESSAGES.pageNotFound}</h1>}
      description={LABELS.pageNotFoundHint}
    >
      <EmptyState.Actions>
        <Button component={Link} to="/dashboard">
          {LABELS.backToDashboard}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
