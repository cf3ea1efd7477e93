import { Group, Text } from '@mantine/core';
import { useDateTimeText } from '../lib/time-zone';

/** A card's labelled start or due time (DD-MM-YYYY | hh:mm A, in the institution's zone). */
export function CardTime({ label, instant }: { label: string; instant: string }) {
  const timeText = useDateTimeText();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed" w={40}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {timeText(instant)}
      </Text>
    </Group>
  );
}
