import { Anchor, Badge, Button, Stack, Table, Text } from '@mantine/core';
import type { Assessment, SubmissionSummary } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { Link } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { submissionsPath } from '../links';

function StateBadge({ student }: { student: SubmissionSummary }) {
  if (!student.submitted)
    return (
      <Badge color="gray" variant="light">
        {LABELS.evalStateNotSubmitted}
      </Badge>
    );
  if (student.evaluated)
    return (
      <Badge color="teal" variant="light">
        {LABELS.evalStateEvaluated}
      </Badge>
    );
  return (
    <Badge color="orange" variant="light">
      {LABELS.evalStateToEvaluate}
    </Badge>
  );
}

/** The batch subject's students with their submission state, marks and the way to their submission. */
export function SubmissionList({
  assessment,
  students,
}: {
  assessment: Assessment;
  students: readonly SubmissionSummary[];
}) {
  if (students.length === 0) return <EmptyNote text={MESSAGES.noSubmission} />;
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={LABELS.evalSubmissionsOf}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{LABELS.evalStudentColumn}</Table.Th>
            <Table.Th>{LABELS.evalStateColumn}</Table.Th>
            <Table.Th ta="right">{LABELS.evalMarksColumn}</Table.Th>
            {/* On a phone the name is the way in; the status keeps the room. */}
            <Table.Th visibleFrom="sm" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((student) => {
            const to = submissionsPath(assessment._id, { student: student.student_id });
            return (
              <Table.Tr key={student.student_id} data-testid="submission-row">
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    {student.submitted ? (
                      <Anchor component={Link} to={to} fw={500} size="sm">
                        {student.student_name}
                      </Anchor>
                    ) : (
                      <Text size="sm" fw={500}>
                        {student.student_name}
                      </Text>
                    )}
                    {!student.eligible && (
                      <Text size="xs" c="red.8" fw={700}>
                        {MESSAGES.notEligibleForAssessment}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <StateBadge student={student} />
                </Table.Td>
                <Table.Td ta="right">
                  {student.scored_marks === null
                    ? ''
                    : formatMessage(LABELS.evalScore, {
                        scored: String(student.scored_marks),
                        total: String(assessment.total_marks),
                      })}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {student.submitted && (
                    <Button
                      size="compact-sm"
                      variant={student.evaluated ? 'default' : 'filled'}
                      component={Link}
                      to={to}
                      aria-label={formatMessage(
                        student.evaluated ? LABELS.evalViewSubmissionOf : LABELS.evalOpenSubmissionOf,
                        { name: student.student_name },
                      )}
                    >
                      {student.evaluated ? LABELS.evalViewSubmission : LABELS.evalOpenSubmission}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
