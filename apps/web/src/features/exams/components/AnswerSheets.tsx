import '@mantine/core/styles/List.css';
import { ActionIcon, Alert, Anchor, Group, List, Stack } from '@mantine/core';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { EXAM_FILES_PER_QUESTION_MAX } from '@portal/shared/schemas/exams';
import { IconFileText, IconTrash } from '@tabler/icons-react';
import { FileUploader } from '../../../components/upload/FileUploader';
import { sheetName } from '../exam-answers';

interface AnswerSheetsProps {
  number: number;
  files: readonly string[];
  /** False for a student whose uploadAssessmentNotAllowed is set. */
  allowed: boolean;
  disabled: boolean;
  onAdd: (url: string) => void;
  onRemove: (url: string) => void;
}

/**
 * An upload question's answer sheets: several files, each uploaded privately
 * (`purpose=answer_sheet`), listed with a link to open it and a way to remove it. A student refused
 * uploads is told to hand the sheet in at school (learning §5).
 */
export function AnswerSheets({ number, files, allowed, disabled, onAdd, onRemove }: AnswerSheetsProps) {
  if (!allowed) {
    return (
      <Alert color="orange" variant="light" mt="sm">
        {MESSAGES.submitAnswerSheetInSchool}
      </Alert>
    );
  }
  const listLabel = formatMessage(LABELS.examSheetsOf, { n: String(number) });
  return (
    <Stack gap="xs" mt="sm">
      {files.length > 0 && (
        <List spacing={4} aria-label={listLabel} listStyleType="none" p={0}>
          {files.map((url) => {
            const name = sheetName(url);
            return (
              <List.Item key={url}>
                <Group gap="xs" wrap="nowrap">
                  <IconFileText size={16} aria-hidden style={{ flexShrink: 0 }} />
                  <Anchor
                    href={url}
                    target="_blank"
                    rel="noopener"
                    size="sm"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {name}
                  </Anchor>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="xl"
                    disabled={disabled}
                    aria-label={formatMessage(LABELS.examRemoveSheet, { name })}
                    onClick={() => onRemove(url)}
                  >
                    <IconTrash size={20} />
                  </ActionIcon>
                </Group>
              </List.Item>
            );
          })}
        </List>
      )}
      {files.length < EXAM_FILES_PER_QUESTION_MAX && (
        <FileUploader
          label={LABELS.examUploadSheets}
          accept="image/*,application/pdf"
          multiple
          purpose="answer_sheet"
          size="lg"
          disabled={disabled}
          onUploaded={(stored) => onAdd(stored.publicUrl)}
        />
      )}
    </Stack>
  );
}
