import { Stack, Table, Text } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import type { ReportTable } from '@portal/shared/report-tables';
import { EmptyNote } from '../../../components/EmptyNote';
import { MarkText } from './MarkText';

/**
 * A report's table exactly as its PDF and CSV have it (decision 31): the same builder
 * (`@portal/shared/report-tables`) makes all three. A report with several sections (a batch each,
 * a session each) shows each under its heading.
 */
export function ReportTableView({ table }: { table: ReportTable }) {
  const rows = table.sections.reduce((sum, section) => sum + section.rows.length, 0);
  if (rows === 0) return <EmptyNote text={LABELS.reportNoRows} />;
  return (
    <Stack gap="lg">
      {table.sections.map((section, index) => (
        <section key={section.heading ?? index} aria-label={section.heading ?? table.title}>
          {section.heading && (
            <Text fw={600} size="sm" mb={6}>
              {section.heading}
            </Text>
          )}
          <Table.ScrollContainer minWidth={Math.max(560, section.headers.length * 110)}>
            <Table striped highlightOnHover verticalSpacing="xs" data-report-table>
              <Table.Thead>
                <Table.Tr>
                  {section.headers.map((header, column) => (
                    // Two plan topics may share a title: the position tells the columns apart.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                      {header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {section.rows.map((row) => (
                  <Table.Tr key={row[0]}>
                    {row.map((cell, column) => (
                      // Columns are fixed per section, so their position names them.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <Table.Td key={column} style={{ whiteSpace: column === 1 ? undefined : 'nowrap' }}>
                        <MarkText value={cell} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </section>
      ))}
    </Stack>
  );
}
