import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { ScrollArea, Text } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import type { TopicReport } from '@portal/shared/schemas/reports';

const ROW_HEIGHT = 28;

/** The topic report's minutes per student (decision 32), a bar per student, longest list scrolled. */
export function MinutesChart({ report }: { report: TopicReport }) {
  if (report.result.length === 0) return null;
  const data = report.result.map((row, index) => ({
    // Numbered, so two students of the same name keep their own bars.
    student: `${index + 1}. ${row.student_name}`,
    minutes: row.time_spent,
  }));
  return (
    <div>
      <Text fw={600} size="sm" mb={6}>
        {LABELS.reportMinutesPerStudent}
      </Text>
      <ScrollArea.Autosize mah={420} type="auto" viewportProps={{ tabIndex: 0 }}>
        <BarChart
          h={Math.max(160, 48 + data.length * ROW_HEIGHT)}
          data={data}
          dataKey="student"
          orientation="vertical"
          series={[{ name: 'minutes', label: LABELS.reportMinutes, color: 'teal.6' }]}
          valueFormatter={(value) => value.toFixed(2)}
          yAxisProps={{ width: 140 }}
          gridAxis="x"
          data-testid="minutes-chart"
        />
      </ScrollArea.Autosize>
    </div>
  );
}
