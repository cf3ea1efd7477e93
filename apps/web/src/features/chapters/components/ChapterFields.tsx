import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import type { ChapterFormValues } from '../validation';

interface ChapterFieldsProps {
  values: ChapterFormValues;
  onChange: (patch: Partial<ChapterFormValues>) => void;
  /** Subjects to choose from (the popup); the standalone forms take the subject from the URL. */
  subjects?: { value: string; label: string }[];
  /** A chapter stays in its subject once created. */
  subjectLocked?: boolean;
}

/** A chapter's fields, shared by the popup and the standalone Add/Edit Chapter forms. */
export function ChapterFields({ values, onChange, subjects, subjectLocked }: ChapterFieldsProps) {
  return (
    <Stack gap="sm">
      <TextInput
        label={LABELS.fieldTitle}
        value={values.title}
        onChange={(event) => onChange({ title: event.currentTarget.value })}
        withAsterisk
        maxLength={150}
        data-autofocus
      />
      <Textarea
        label={LABELS.fieldDescription}
        value={values.description}
        onChange={(event) => onChange({ description: event.currentTarget.value })}
        withAsterisk
        autosize
        minRows={3}
        maxRows={8}
        maxLength={2000}
      />
      {subjects && (
        <Select
          label={LABELS.fieldSubject}
          placeholder={LABELS.selectSubjectPlaceholder}
          data={subjects}
          value={values.subject_id}
          onChange={(subject_id) => onChange({ subject_id })}
          withAsterisk
          disabled={subjectLocked}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Switch
        label={LABELS.chapterVisible}
        checked={values.visibility}
        onChange={(event) => onChange({ visibility: event.currentTarget.checked })}
      />
    </Stack>
  );
}
