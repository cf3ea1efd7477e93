import '@mantine/charts/styles.css';
import { MatrixChart, type MatrixChartCell } from '@mantine/charts';
import { Box, Group, ScrollArea, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { LABELS, markText, REPORT_MARKS } from '@portal/shared/messages';
import type { WeeklyAttendanceReport } from '@portal/shared/schemas/reports';
import { dateText } from '@portal/shared/time';

const WEEKDAYS = [
  LABELS.weekdayMon,
  LABELS.weekdayTue,
  LABELS.weekdayWed,
  LABELS.weekdayThu,
  LABELS.weekdayFri,
  LABELS.weekdaySat,
  LABELS.weekdaySun,
];

/** Above this many students the grid asks for one batch: an SVG cell per student-day gets heavy. */
export const WEEK_GRID_MAX_ROWS = 400;

const VALUE_OF: Record<string, number | null> = {
  [REPORT_MARKS.present]: 1,
  [REPORT_MARKS.absent]: 0,
  [REPORT_MARKS.noDay]: null,
};
const MARK_OF_VALUE = (value: number | null) =>
  value === null ? REPORT_MARKS.noDay : value === 1 ? REPORT_MARKS.present : REPORT_MARKS.absent;
const COLORS = { absent: 'red.3', present: 'teal.6', noDay: 'gray.2' };

const GAP = 2;
/** Room kept for the grid's vertical scrollbar. */
const SCROLLBAR = 12;
/** Cells stay at least this wide while names take the room up to their 150 px. */
const PHONE_CELL = 24;

/**
 * Cell and name sizes that fit the grid into `width` (the SVG has fixed sizes): 34 px cells and
 * 150 px of names on a wide screen; on a phone the names keep their room and the cells shrink
 * (to 24 px at 390 px, never below 20). 0 (not measured yet) is taken as wide.
 */
function weekGridSizes(width: number, days: number): { cellSize: number; labelsWidth: number } {
  if (width <= 0) return { cellSize: 34, labelsWidth: 150 };
  const labelsWidth = Math.min(150, Math.max(90, width - SCROLLBAR - days * (PHONE_CELL + GAP)));
  const cell = Math.floor((width - labelsWidth - SCROLLBAR) / days) - GAP;
  return { cellSize: Math.max(20, Math.min(34, cell)), labelsWidth };
}

/**
 * Attendance By Week as a heat grid (`@mantine/charts`' MatrixChart): a row per student, a column
 * per day, Monday first; Present, Absent, and '---' (after today or before the student joined).
 */
export function WeekHeatGrid({ report }: { report: WeeklyAttendanceReport }) {
  const { ref, width } = useElementSize();
  if (report.result.length === 0) return null;
  const { cellSize, labelsWidth } = weekGridSizes(width, report.days.length);
  // The weekday alone: the table below names the dates, and a wider label would overlap its neighbours.
  const columns = report.days.map((_day, index) => WEEKDAYS[index]!);
  // Numbered, so two students of the same name keep their own rows.
  const rows = report.result.map((row, index) => `${index + 1}. ${row.student_name}`);
  const data: MatrixChartCell[] = report.result.flatMap((row, rowIndex) =>
    row.days.map((mark, day) => ({ x: columns[day]!, y: rows[rowIndex]!, value: VALUE_OF[mark] ?? null })),
  );
  return (
    <Box ref={ref}>
      <Group justify="space-between" mb={6} wrap="wrap" gap="xs">
        <Text fw={600} size="sm">
          {LABELS.reportWeekGrid}
        </Text>
        <Group gap="sm">
          {(
            [
              [REPORT_MARKS.present, COLORS.present],
              [REPORT_MARKS.absent, COLORS.absent],
              [REPORT_MARKS.noDay, COLORS.noDay],
            ] as const
          ).map(([mark, color]) => (
            <Group key={mark} gap={4}>
              <Box w={12} h={12} bg={color} style={{ borderRadius: 2 }} />
              <Text size="xs">{markText(mark)}</Text>
            </Group>
          ))}
        </Group>
      </Group>
      {report.result.length > WEEK_GRID_MAX_ROWS ? (
        <Text size="sm" c="dimmed">
          {LABELS.reportWeekGridPickBatch}
        </Text>
      ) : (
        <ScrollArea.Autosize
          mah={420}
          type="auto"
          data-testid="week-heat-grid"
          viewportProps={{ tabIndex: 0 }}
        >
          <MatrixChart
            data={data}
            xLabels={columns}
            yLabels={rows}
            domain={[0, 1]}
            colors={[COLORS.absent, COLORS.present]}
            emptyColor={COLORS.noDay}
            cellSize={cellSize}
            gap={GAP}
            withXLabels
            withYLabels
            xLabelsPosition="top"
            xLabelsRotation={0}
            xLabelsHeight={24}
            yLabelsWidth={labelsWidth}
            withTooltip
            getTooltipLabel={(cell) =>
              `${cell.y} · ${cell.x} ${dateText(report.days[(columns as string[]).indexOf(cell.x)] ?? '')}: ${markText(MARK_OF_VALUE(cell.value))}`
            }
            aria-label={LABELS.reportWeekGrid}
          />
        </ScrollArea.Autosize>
      )}
    </Box>
  );
}
