import { Anchor, Stack, Text } from '@mantine/core';
import type { Doubt } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { LoadMore } from '../../../components/LoadMore';
import { errorMessage } from '../../../lib/api';
import { useDoubtResponses } from '../api';
import { ResponseItem } from './ResponseItem';

interface DoubtRepliesProps {
  doubt: Doubt;
  /** Every reply asked for: the doubt's reply pages instead of the first ones the list carried. */
  expanded: boolean;
  onExpand: () => void;
}

/**
 * A doubt's replies, oldest first. A doubt list carries each doubt's first replies only; when there
 * are more (`responses_total`), 'Show all n replies' reads them page by page.
 */
export function DoubtReplies({ doubt, expanded, onExpand }: DoubtRepliesProps) {
  const pages = useDoubtResponses(doubt._id, expanded);
  const hidden = doubt.responses_total > doubt.responses.length;
  // The folded replies stay until the first page is in, so the thread does not jump.
  const replies = expanded && !pages.isPending && !pages.isError ? pages.items : doubt.responses;
  if (replies.length === 0 && !hidden) return null;

  return (
    <Stack
      gap="xs"
      pl="sm"
      style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}
      aria-label={LABELS.doubtsReplies}
      component="section"
    >
      {replies.map((response) => (
        <ResponseItem key={response._id} response={response} />
      ))}
      {hidden && !expanded && (
        <Anchor component="button" type="button" size="sm" onClick={onExpand} ta="left">
          {formatMessage(LABELS.doubtsAllReplies, { count: String(doubt.responses_total) })}
        </Anchor>
      )}
      {expanded && pages.isError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(pages.error)}
        </Text>
      )}
      {expanded && <LoadMore list={pages} />}
    </Stack>
  );
}
