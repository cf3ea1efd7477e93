import { Text } from '@mantine/core';
import { REPORT_MARKS } from '@portal/shared/messages';

const GOOD = new Set<string>([REPORT_MARKS.viewed, REPORT_MARKS.present, REPORT_MARKS.attended]);
const BAD = new Set<string>([REPORT_MARKS.notViewed, REPORT_MARKS.absent, REPORT_MARKS.notAttended]);

/** The colour a report's mark reads in: green when there, red when not, grey for '---'. */
export function markColor(mark: string): string | undefined {
  if (GOOD.has(mark)) return 'teal.8';
  if (BAD.has(mark)) return 'red.8';
  if (mark === REPORT_MARKS.noDay) return 'dimmed';
  return undefined;
}

/** A table cell's text, coloured when it is a mark (the words stay exactly the report's). */
export function MarkText({ value }: { value: string }) {
  const color = markColor(value);
  return (
    <Text span size="sm" c={color} fw={color && color !== 'dimmed' ? 600 : undefined}>
      {value}
    </Text>
  );
}
