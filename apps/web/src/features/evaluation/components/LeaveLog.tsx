import '@mantine/core/styles/List.css';
import { List, Stack, Text } from '@mantine/core';
import type { LeaveLog as Log } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconEyeOff } from '@tabler/icons-react';
import { useDateTimeText } from '../../../lib/time-zone';

/**
 * Leaving the exam page, per submission (issue 25): "left the exam page n times, m minutes in all",
 * then each absence with its times, in the institution's zone.
 */
export function LeaveLog({ log }: { log: Log }) {
  const timeText = useDateTimeText();
  if (log.count === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="leave-log">
        {LABELS.evalLeavesNone}
      </Text>
    );
  }
  const minutes = String(log.minutes);
  return (
    <Stack gap={4} data-testid="leave-log">
      <Text size="sm" fw={500}>
        <IconEyeOff size={14} style={{ verticalAlign: '-2px', marginRight: 4 }} aria-hidden />
        {log.count === 1
          ? formatMessage(LABELS.evalLeavesSummaryOne, { minutes })
          : formatMessage(LABELS.evalLeavesSummary, { count: String(log.count), minutes })}
      </Text>
      <List size="sm" spacing={2} aria-label={LABELS.evalLeavesTitle}>
        {log.leaves.map((leave) => (
          <List.Item key={leave.left_at}>
            {formatMessage(LABELS.evalLeaveRow, {
              left: timeText(leave.left_at),
              back: leave.back_at ? timeText(leave.back_at) : LABELS.evalLeaveNotBack,
            })}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
