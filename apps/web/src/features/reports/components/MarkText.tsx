import { Text } from '@mantine/core';
import { REPORT_MARK_TEXTS, REPORT_MARKS } from '@portal/shared/messages';

type Mark = keyof typeof REPORT_MARKS;
const GOOD: Mark[] = ['viewed', 'present', 'attended'];
const BAD: Mark[] = ['notViewed', 'absent', 'notAttended'];

/** Whether a cell shows one of these marks, as the API writes it or in the page's language. */
const isOneOf = (text: string, marks: Mark[]) =>
  marks.some((mark) => text === REPORT_MARKS[mark] || text === REPORT_MARK_TEXTS[mark]);

/** The colour a report's mark reads in: green when there, red when not, grey for '---'. */
export function markColor(mark: string): string | undefined {
  if (isOneOf(mark, GOOD)) return 'teal.8';
  if (isOneOf(mark, BAD)) return 'red.8';
  if (isOneOf(mark, ['noDay'])) return 'dimmed';
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
