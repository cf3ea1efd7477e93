import { Badge, Group, Paper, Text } from '@mantine/core';
import type { DoubtResponse } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useDateTimeText } from '../../../lib/time-zone';
import { ConfirmDeleteModal } from '../../topics/components/ConfirmDeleteModal';
import { useDeleteResponse, useUpdateResponse } from '../api';
import { replyTextError } from '../validation';
import { EditableText, ItemActions } from './ThreadControls';

/**
 * One reply: a teacher's answer (badged Teacher) or a student's follow-up (badged Follow-up, and not
 * counted in the doubt's '(n) replied'); its author may edit or delete it.
 */
export function ResponseItem({ response }: { response: DoubtResponse }) {
  const timeText = useDateTimeText();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateResponse();
  const remove = useDeleteResponse();
  const teacher = response.author_role === 'faculty' || response.author_role === 'moderator';

  return (
    <Paper radius="sm" p="sm" bg={teacher ? 'teal.0' : 'gray.0'} data-testid="doubt-response">
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600}>
            {response.author_name}
          </Text>
          {teacher ? (
            <Badge size="xs" variant="light" color="teal">
              {LABELS.doubtsTeacherBadge}
            </Badge>
          ) : (
            <Badge size="xs" variant="light" color="gray" data-testid="follow-up-badge">
              {LABELS.doubtsFollowUpBadge}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {timeText(response.created_at)}
          </Text>
        </Group>
        {response.is_own && !editing && (
          <ItemActions
            label={LABELS.doubtsReplyActions}
            editLabel={LABELS.doubtsEditReply}
            deleteLabel={LABELS.doubtsDeleteReply}
            onEdit={() => setEditing(true)}
            onDelete={() => setDeleting(true)}
          />
        )}
      </Group>
      {editing ? (
        <EditableText
          label={LABELS.doubtsEditReply}
          initial={response.response_text}
          check={replyTextError}
          saving={update.isPending}
          onSave={(text) =>
            update.mutateAsync({ id: response._id, response_text: text }).then(() => setEditing(false))
          }
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {response.response_text}
        </Text>
      )}
      <ConfirmDeleteModal
        opened={deleting}
        title={LABELS.doubtsDeleteReply}
        loading={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(response._id, {
            onSuccess: () => setDeleting(false),
            onError: (failure) => notify.error(errorMessage(failure)),
          })
        }
      />
    </Paper>
  );
}
