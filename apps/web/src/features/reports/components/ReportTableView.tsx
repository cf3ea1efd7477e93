import { Stack, Table, Text } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import type { ReportTable } from '@portal/shared/report-tables';
import { Fragment } from 'react';
import { EmptyNote } from '../../../components/EmptyNote';
import { MarkText } from './MarkText';

/** Names wrap only past 140 px (the headings give way first); the other cells never wrap. */
const NAME_CELL = { minWidth: 140 };
const OTHER_CELL = { whiteSpace: 'nowrap' } as const;

/**
 * A column heading that may wrap between its words ('Mon' over '23-11', so a week fits a laptop's
 * 1366 px) but never inside one (not after the hyphen of 23-11); the cells do not wrap.
 */
function Heading({ text }: { text: string }) {
  return text.split(' ').map((word, index) => (
    // The words' positions are their identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={index}>
      {index > 0 && ' '}
      <span style={{ whiteSpace: 'nowrap' }}>{word}</span>
    </Fragment>
  ));
}

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
          {/* Narrow screens scroll the table; a laptop's 1366 px shows a week (11 columns) whole. */}
          <Table.ScrollContainer minWidth={Math.max(560, section.headers.length * 80)}>
            <Table striped highlightOnHover verticalSpacing="xs" data-report-table>
              <Table.Thead>
                <Table.Tr>
                  {section.headers.map((header, column) => (
                    // Two plan topics may share a title: the position tells the columns apart.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <Table.Th key={column}>
                      <Heading text={header} />
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
                      <Table.Td key={column} style={column === 1 ? NAME_CELL : OTHER_CELL}>
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
