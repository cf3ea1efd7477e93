import { Group, Text } from '@mantine/core';
import { useDateTimeText } from '../lib/time-zone';

/** A card's labelled start or due time (DD-MM-YYYY | hh:mm A, in the institution's zone). */
export function CardTime({ label, instant }: { label: string; instant: string }) {
  const timeText = useDateTimeText();
  return (
    <Group gap={6} wrap="nowrap">
      {/* At least the width of 'Start': a longer word (Tamil's) takes its own width. */}
      <Text size="sm" c="dimmed" miw={40} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {timeText(instant)}
      </Text>
    </Group>
  );
}
