import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { NotAvailable } from '../../../components/NotAvailable';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage, isNotAvailable } from '../../../lib/api';
import { useRequiredAccount } from '../../../lib/session';
import { isExamConflict, useMyExamResult, useMyExams } from '../api';
import { ResultRow } from '../components/ResultRow';
import { MY_ASSESSMENTS_PATH } from '../links';

/**
 * /assessments/results?assessment={id}: the student's evaluated examination (decision 20: once
 * EVOLUTED), per question their answer, the right one and the marks, and the total.
 */
export function ExamResultsPage() {
  const [params] = useSearchParams();
  const assessmentId = params.get('assessment');
  const account = useRequiredAccount();
  const result = useMyExamResult(assessmentId, account.entity_id);
  // The title comes from the student's previous examinations (the list the card was in).
  const previous = useMyExams('previous');
  const title = previous.items.find((exam) => exam._id === assessmentId)?.title;
  const heading = title ? `${LABELS.examResultsTitle}: ${title}` : LABELS.examResultsTitle;
  const back = (
    <Button
      component={Link}
      to={`${MY_ASSESSMENTS_PATH}?when=previous`}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      {LABELS.examBackToAssessments}
    </Button>
  );
  const crumbs = [
    { label: LABELS.myAssessmentsTitle, to: MY_ASSESSMENTS_PATH },
    { label: LABELS.examResultsTitle },
  ];

  if (!assessmentId) return <EmptyNote text={LABELS.assessNotAvailable} />;
  if (result.isPending) return <Loading />;
  if (result.isError) {
    if (isNotAvailable(result.error)) return <NotAvailable text={LABELS.assessNotAvailable} />;
    return (
      <>
        <PageBreadcrumb crumbs={crumbs} />
        <PageHeader title={heading} actions={back} />
        {isExamConflict(result.error) ? (
          <Alert color="blue" variant="light" role="alert" maw={640}>
            {errorMessage(result.error)}
          </Alert>
        ) : (
          <LoadFailed message={errorMessage(result.error)} retry={() => result.refetch()} />
        )}
      </>
    );
  }
  const submission = result.data;
  const answers = [...submission.answers].sort((a, b) => a.position - b.position);
  return (
    <>
      <PageBreadcrumb crumbs={crumbs} />
      <PageHeader title={heading} actions={back} />
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" gap="sm">
            <Text fw={700}>{LABELS.examTotal}</Text>
            <Text fw={700} size="xl" data-testid="exam-total">
              {formatMessage(LABELS.examMarks, {
                scored: String(submission.scored_marks),
                total: String(submission.total_marks),
              })}
            </Text>
          </Group>
          {submission.assessor_name && (
            <Text size="sm" c="dimmed">
              {formatMessage(LABELS.assessAuthor, { name: submission.assessor_name })}
            </Text>
          )}
        </Paper>
        {answers.map((row, index) => (
          <ResultRow key={row._id} number={index + 1} row={row} />
        ))}
        {answers.length === 0 && <Text c="dimmed">{MESSAGES.noQuestionsUploaded}</Text>}
      </Stack>
    </>
  );
}
