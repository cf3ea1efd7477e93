import { EmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

/** A list's empty state with the spec's text. */
export function EmptyNote({ text }: { text: string }) {
  return <EmptyState py="xl" size="sm" icon={<IconInbox size={28} stroke={1.5} />} title={text} />;
}
