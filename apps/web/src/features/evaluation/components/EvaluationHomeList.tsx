import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { EvaluationTab } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { Link } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { Loading } from '../../../components/Loading';
import { LoadMore } from '../../../components/LoadMore';
import { errorMessage } from '../../../lib/api';
import { pagedView } from '../../../lib/paged-list';
import { useDateTimeText } from '../../../lib/time-zone';
import { useEvaluationList } from '../api';
import { submissionsPath } from '../links';
import { evaluationAction } from './EvaluationCard';

/** The faculty home's lists are short pages; the Evaluations page holds the rest. */
const HOME_PAGE_SIZE = 10;

/**
 * The faculty home's Exam Evaluations tab (learning §2 "Faculty home"): Pending or Evaluated
 * examinations of the batch subjects the teacher teaches, each leading to its submissions.
 */
export function EvaluationHomeList({ tab, empty }: { tab: EvaluationTab; empty: string }) {
  const timeText = useDateTimeText();
  const list = useEvaluationList(tab, { batchId: null, batchSubjectId: null, limit: HOME_PAGE_SIZE });
  if (list.isPending) return <Loading />;
  if (list.isError && !list.isFetchNextPageError) return <EmptyNote text={errorMessage(list.error)} />;
  const view = pagedView(list.data);
  if (view.items.length === 0) return <EmptyNote text={empty} />;
  const paged = {
    ...view,
    loadMore: () => {
      if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage({ cancelRefetch: false });
    },
    loadingMore: list.isFetchingNextPage,
    loadMoreError: list.isFetchNextPageError ? list.error : null,
  };
  return (
    <Stack gap="sm" data-testid={`home-evaluations-${tab}`}>
      {view.items.map((assessment) => {
        const action = evaluationAction(assessment);
        const to = submissionsPath(assessment._id);
        return (
          <Paper
            key={assessment._id}
            withBorder
            radius="md"
            p="sm"
            component="article"
            aria-label={formatMessage(LABELS.evalCard, { title: assessment.title })}
          >
            <Group justify="space-between" align="center" gap="xs" wrap="wrap">
              <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
                <Anchor component={Link} to={to} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {assessment.title}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {assessment.batch_title} · {assessment.subject_title}
                </Text>
                <Group gap="xs" mt={4} wrap="wrap">
                  <Text size="xs" c="dimmed">
                    {formatMessage(LABELS.evalDue, { date: timeText(assessment.due_date) })}
                  </Text>
                  <Badge size="sm" variant="light" color="gray">
                    {formatMessage(LABELS.evalResponses, {
                      checked: String(assessment.submissions_evoluted),
                      received: String(assessment.submissions_received),
                    })}
                  </Badge>
                </Group>
              </div>
              <Button size="xs" component={Link} to={to} leftSection={action.icon}>
                {action.label}
              </Button>
            </Group>
          </Paper>
        );
      })}
      <LoadMore list={paged} />
    </Stack>
  );
}
