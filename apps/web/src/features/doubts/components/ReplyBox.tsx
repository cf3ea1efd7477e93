import { Button, Group, Textarea } from '@mantine/core';
import type { Doubt } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../lib/api';
import { useCheckedText } from '../../../lib/checked-text';
import { useRespond } from '../api';
import { replyTextError } from '../validation';

interface ReplyBoxProps {
  doubt: Doubt;
  placeholder: string;
  /** After the reply is posted. */
  onReplied?: () => void;
}

/** A teacher's answer or a student's follow-up; an empty one says 'Please answer your doubt.'. */
export function ReplyBox({ doubt, placeholder, onReplied }: ReplyBoxProps) {
  const draft = useCheckedText(replyTextError);
  const respond = useRespond();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const response_text = draft.checked();
    if (response_text === null) return;
    respond.mutate(
      { response_text, doubt_id: doubt._id, subject_id: doubt.batch_subject_id },
      {
        onSuccess: () => {
          draft.reset();
          onReplied?.();
        },
        onError: (failure) => draft.setError(errorMessage(failure)),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <Textarea
          aria-label={LABELS.doubtsReplyText}
          placeholder={placeholder}
          {...draft.inputProps}
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
