import { Card } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface LinkCardProps {
  /** Where the card leads; null shows it dimmed, not to be opened yet. */
  to: string | null;
  /** The name of a card not to be opened yet; an open one is named by what it shows (WCAG 2.5.3). */
  label: string;
  testId: string;
  children: ReactNode;
}

/** A card that is one link as a whole (a subject, a chapter, a topic to read). */
export function LinkCard({ to, label, testId, children }: LinkCardProps) {
  if (to === null) {
    return (
      <Card
        withBorder
        radius="md"
        padding="md"
        role="group"
        aria-disabled
        aria-label={label}
        data-testid={testId}
        style={{ opacity: 0.6, cursor: 'not-allowed' }}
      >
        {children}
      </Card>
    );
  }
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={to}
      data-testid={testId}
      style={{ textDecoration: 'none' }}
    >
      {children}
    </Card>
  );
}
