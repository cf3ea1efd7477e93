import { Button, EmptyState } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

interface NotAvailableProps {
  /** Why it is not available; by default: the page belongs to other roles. */
  text?: string;
  /** The way on; by default home. */
  action?: { label: string; to: string };
}

/**
 * The one state for a page or a subject, chapter or topic the signed-in person may not open
 * (another role's page, another batch's subject): what happened and a way home.
 */
export function NotAvailable({
  text = MESSAGES.pageNotForRole,
  action = { label: LABELS.backToDashboard, to: '/dashboard' },
}: NotAvailableProps) {
  return (
    <EmptyState
      mt="xl"
      py="xl"
      size="lg"
      variant="light"
      icon={<IconLock size={32} stroke={1.5} />}
      title={LABELS.notAvailableTitle}
      description={text}
      data-testid="not-available"
    >
      <EmptyState.Actions>
        <Button component={Link} to={action.to}>
          {action.label}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
