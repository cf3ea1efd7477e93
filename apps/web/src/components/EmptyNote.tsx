import { Button, EmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { Link } from 'react-router';

interface EmptyNoteProps {
  /** The spec's text for the empty list. */
  text: string;
  /** A way on from the empty list (e.g. back to the chapters). */
  action?: { label: string; to: string };
}

/** A list's empty state with the spec's text. */
export function EmptyNote({ text, action }: EmptyNoteProps) {
  return (
    <EmptyState py="xl" size="sm" icon={<IconInbox size={28} stroke={1.5} />} title={text}>
      {action && (
        <Button component={Link} to={action.to} variant="light" mt="md">
          {action.label}
        </Button>
      )}
    </EmptyState>
  );
}
