import { Card, Text } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';

/** The '+ ADD CHAPTER' card beside a subject's chapters; it opens the Create Chapter popup. */
export function AddChapterCard({ onClick }: { onClick: () => void }) {
  return (
    <Card
      component="button"
      type="button"
      onClick={onClick}
      withBorder
      radius="md"
      padding="md"
      mih={120}
      style={{
        cursor: 'pointer',
        borderStyle: 'dashed',
        borderWidth: 2,
        width: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'transparent',
      }}
    >
      <Text fw={700} c="var(--mantine-primary-color-filled)">
        {LABELS.teachAddChapterCard}
      </Text>
    </Card>
  );
}
