import { Group, Text } from '@mantine/core';
import { formatCardTime } from '../features/assessments/assessment-time';

/** A card's labelled start or due time (DD-MM-YYYY | hh:mm A, on the device's clock). */
export function CardTime({ label, instant }: { label: string; instant: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed" w={40}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {formatCardTime(instant)}
      </Text>
    </Group>
  );
}
