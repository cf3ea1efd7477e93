import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's heading with its actions on the right (stacked under it on phones). */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" gap="sm" mb="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      {actions && (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
