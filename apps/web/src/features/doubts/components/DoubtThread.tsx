import { ActionIcon, Anchor, Badge, Button, Group, Menu, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { Doubt, DoubtResponse } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { ConfirmDeleteModal } from '../../topics/components/ConfirmDeleteModal';
import { useDeleteDoubt, useDeleteResponse, useRespond, useUpdateDoubt, useUpdateResponse } from '../api';
import { doubtTextError, replyTextError } from '../validation';

/** Who reads the thread: students may edit and delete their own doubts; faculty never may (learning §2). */
export type DoubtViewer = 'student' | 'faculty' | 'moderator';

const when = (iso: string) => dayjs(iso).format('DD MMM YYYY, HH:mm');

interface EditableTextProps {
  label: string;
  initial: string;
  check: (text: string) => string | null;
  saving: boolean;
  onSave: (text: string) => Promise<unknown>;
  onCancel: () => void;
}

/** A text edited in place, checked with the same rules as the server before it is sent. */
function EditableText({ label, initial, check, saving, onSave, onCancel }: EditableTextProps) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = check(text);
    setError(problem);
    if (problem) return;
    onSave(text.trim()).catch((failure: unknown) => setError(errorMessage(failure)));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Textarea
        aria-label={label}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={error}
        autosize
        minRows={2}
        maxRows={8}
        data-autofocus
      />
      <Group justify="flex-end" gap="xs" mt="xs">
        <Button variant="default" size="xs" onClick={onCancel} disabled={saving}>
          {LABELS.formCancel}
        </Button>
        <Button type="submit" size="xs" loading={saving}>
          {LABELS.saveAction}
        </Button>
      </Group>
    </form>
  );
}

interface ItemActionsProps {
  label: string;
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}

function ItemActions({ label, editLabel, deleteLabel, onEdit, onDelete }: ItemActionsProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
          {editLabel}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
          {deleteLabel}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** One reply: a teacher's answer or a student's follow-up; its author may edit or delete it. */
function ResponseItem({ response }: { response: DoubtResponse }) {
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
          {teacher && (
            <Badge size="xs" variant="light" color="teal">
              {LABELS.doubtsTeacherBadge}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {when(response.created_at)}
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

interface ReplyBoxProps {
  doubt: Doubt;
  placeholder: string;
}

/** A teacher's answer or a student's follow-up; an empty one says 'Please answer your doubt.'. */
export function ReplyBox({ doubt, placeholder }: ReplyBoxProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const respond = useRespond();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = replyTextError(text);
    setError(problem);
    if (problem) return;
    respond.mutate(
      { response_text: text.trim(), doubt_id: doubt._id, subject_id: doubt.batch_subject_id },
      {
        onSuccess: () => setText(''),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <Textarea
          aria-label={LABELS.doubtsReplyText}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          autosize
          minRows={1}
          maxRows={6}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={respond.isPending}>
          {LABELS.doubtsReplyButton}
        </Button>
      </Group>
    </form>
  );
}

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
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
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
              {when(doubt.created_at)}
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
        {doubt.responses.length > 0 && (
          <Stack
            gap="xs"
            pl="sm"
            style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}
            aria-label={LABELS.doubtsReplies}
            component="section"
          >
            {doubt.responses.map((response) => (
              <ResponseItem key={response._id} response={response} />
            ))}
          </Stack>
        )}
        {replyable && (
          <ReplyBox
            doubt={doubt}
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
