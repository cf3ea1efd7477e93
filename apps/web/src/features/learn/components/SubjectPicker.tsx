import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import type { BatchSubject } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';

interface SubjectPickerProps {
  subjects: BatchSubject[] | undefined;
  value: string | null;
  onChange: (subject: BatchSubject) => void;
  loading?: boolean;
}

/** The subject dropdown of the chapters page: the student's batch subjects. */
export function SubjectPicker({ subjects, value, onChange, loading }: SubjectPickerProps) {
  return (
    <Select
      label={LABELS.fieldSubject}
      placeholder={LABELS.selectSubjectPlaceholder}
      data={(subjects ?? []).map((subject) => ({ value: subject._id, label: subject.subject_title }))}
      value={value}
      onChange={(id) => {
        const chosen = subjects?.find((subject) => subject._id === id);
        if (chosen) onChange(chosen);
      }}
      disabled={loading}
      allowDeselect={false}
      maw={360}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
