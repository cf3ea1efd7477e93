import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { Doubt } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { PAGE_SIZE } from '@portal/shared/schemas/pagination';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useDateTimeText } from '../../../lib/time-zone';
import { ConfirmDeleteModal } from '../../topics/components/ConfirmDeleteModal';
import { useDeleteDoubt, useUpdateDoubt } from '../api';
import { doubtTextError } from '../validation';
import { DoubtReplies } from './DoubtReplies';
import { ReplyBox } from './ReplyBox';
import { EditableText, ItemActions } from './ThreadControls';

/** Who reads the thread: students may edit and delete their own doubts; faculty never may (learning §2). */
export type DoubtViewer = 'student' | 'faculty' | 'moderator';

export interface DoubtThreadProps {
  doubt: Doubt;
  viewer: DoubtViewer;
  /** The topic's title above the doubt, as a link when a path is given (lists not grouped by topic). */
  topicPath?: string;
  showTopic?: boolean;
  /** Shows the reply box (default). */
  replyable?: boolean;
}

/** A doubt with its replies and a reply box; its student author may edit or delete it. */
export function DoubtThread({
  doubt,
  viewer,
  topicPath,
  showTopic = false,
  replyable = true,
}: DoubtThreadProps) {
  const timeText = useDateTimeText();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [allReplies, setAllReplies] = useState(false);
  const update = useUpdateDoubt();
  const remove = useDeleteDoubt();
  const mayChange = viewer === 'student' && doubt.is_own;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid="doubt"
      data-doubt-id={doubt._id}
      component="article"
    >
      <Stack gap="xs">
        {showTopic && (
          <Text size="xs" c="dimmed" fw={500}>
            {topicPath ? (
              <Anchor component={Link} to={topicPath} inherit>
                {formatMessage(LABELS.doubtsTopicLink, { title: doubt.topic_title })}
              </Anchor>
            ) : (
              formatMessage(LABELS.doubtsTopicLink, { title: doubt.topic_title })
            )}
          </Text>
        )}
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600} data-testid="doubt-author">
              {doubt.author_name}
            </Text>
            <Text size="xs" c="dimmed">
              {timeText(doubt.created_at)}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed" data-testid="doubt-replied" style={{ whiteSpace: 'nowrap' }}>
              {formatMessage(LABELS.doubtsRepliedCount, { count: String(doubt.response_count) })}
            </Text>
            {mayChange && !editing && (
              <ItemActions
                label={LABELS.doubtsDoubtActions}
                editLabel={LABELS.doubtsEditDoubt}
                deleteLabel={LABELS.doubtsDeleteDoubt}
                onEdit={() => setEditing(true)}
                onDelete={() => setDeleting(true)}
              />
            )}
          </Group>
        </Group>
        {editing ? (
          <EditableText
            label={LABELS.doubtsEditDoubt}
            initial={doubt.doubt_text}
            check={doubtTextError}
            saving={update.isPending}
            onSave={(text) =>
              update.mutateAsync({ id: doubt._id, doubt_text: text }).then(() => setEditing(false))
            }
            onCancel={() => setEditing(false)}
          />
        ) : (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="doubt-text">
            {doubt.doubt_text}
          </Text>
        )}
        <DoubtReplies doubt={doubt} expanded={allReplies} onExpand={() => setAllReplies(true)} />
        {replyable && (
          <ReplyBox
            doubt={doubt}
            // A new reply comes last: past the first replies a list carries, it shows with all of them.
            onReplied={() => {
              if (doubt.responses_total >= PAGE_SIZE.repliesInList) setAllReplies(true);
            }}
            placeholder={
              viewer === 'student' ? LABELS.doubtsFollowUpPlaceholder : LABELS.doubtsReplyPlaceholder
            }
          />
        )}
      </Stack>
      {mayChange && (
        <ConfirmDeleteModal
          opened={deleting}
          title={LABELS.doubtsDeleteDoubt}
          loading={remove.isPending}
          onCancel={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(doubt._id, {
              onSuccess: () => setDeleting(false),
              onError: (failure) => notify.error(errorMessage(failure)),
            })
          }
        />
      )}
    </Paper>
  );
}
