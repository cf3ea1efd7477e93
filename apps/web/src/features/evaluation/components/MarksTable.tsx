import { Table } from '@mantine/core';
import type { MarksReport } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { EmptyNote } from '../../../components/EmptyNote';
import classes from './MarksTable.module.css';

type Cell = MarksReport['rows'][number]['cells'][number];

/** A cell shows the answer (letters or text), else the marks of an upload; as the PDF and CSV do. */
export const cellText = (cell: Cell) =>
  cell.answer || (cell.scored_point === null ? '' : String(cell.scored_point));

/**
 * The marks report (learning §2 "Assessment Marks Report"): Sl No, Name, Q1..Qn with the right
 * answers in the header row, Scored, %, Assessor and No. Files; wrong answers in red; percentages
 * to 2 decimals; "No Submission" without any.
 */
export function MarksTable({ report }: { report: MarksReport }) {
  if (report.rows.length === 0) return <EmptyNote text={MESSAGES.noSubmission} />;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table
        withTableBorder
        withColumnBorders
        striped
        className={classes.table}
        aria-label={formatMessage(LABELS.marksTable, { title: report.assessment.title })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{LABELS.marksSlNo}</Table.Th>
            <Table.Th>{LABELS.marksName}</Table.Th>
            {report.questions.map((question) => (
              <Table.Th key={question._id}>{question.label}</Table.Th>
            ))}
            <Table.Th>{LABELS.marksScored}</Table.Th>
            <Table.Th>{LABELS.marksPercent}</Table.Th>
            <Table.Th>{LABELS.marksAssessor}</Table.Th>
            <Table.Th>{LABELS.marksFiles}</Table.Th>
          </Table.Tr>
          <Table.Tr className={classes.answers}>
            <Table.Th />
            <Table.Th>{LABELS.marksCorrectAnswers}</Table.Th>
            {report.questions.map((question) => (
              <Table.Th key={question._id}>{question.correct_answer}</Table.Th>
            ))}
            <Table.Th />
            <Table.Th />
            <Table.Th />
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={row.student_id}>
              <Table.Td>{row.sl_no}</Table.Td>
              <Table.Td className={classes.name}>{row.name}</Table.Td>
              {row.cells.map((cell) => (
                <Table.Td
                  key={cell.question_id}
                  className={cell.correct === false ? classes.wrong : undefined}
                  data-wrong={cell.correct === false || undefined}
                >
                  {cellText(cell)}
                </Table.Td>
              ))}
              <Table.Td>{row.scored}</Table.Td>
              <Table.Td>{row.percentage.toFixed(2)}</Table.Td>
              <Table.Td>{row.assessor ?? ''}</Table.Td>
              <Table.Td>{row.number_of_files}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
