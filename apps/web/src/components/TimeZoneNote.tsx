import { Text, type TextProps } from '@mantine/core';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { deviceTimeZone, sameTimeZone, zoneOffsetText } from '@portal/shared/time';
import { useTimeZone } from '../lib/time-zone';

/**
 * 'Times in Asia/Kolkata (GMT+05:30)': says which zone the times around it are in, only when the
 * device's zone is another (decision 37); on a device in the institution's zone it shows nothing.
 */
export function TimeZoneNote(props: TextProps) {
  const zone = useTimeZone();
  if (sameTimeZone(zone, deviceTimeZone())) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="time-zone-note" {...props}>
      {formatMessage(LABELS.timesInZone, { zone, offset: zoneOffsetText(zone) })}
    </Text>
  );
}
