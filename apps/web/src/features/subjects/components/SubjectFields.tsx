import { Stack, Textarea, TextInput } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import type { SubjectFormValues } from '../validation';
import { LogoPicker } from './LogoPicker';

interface SubjectFieldsProps {
  values: SubjectFormValues;
  onChange: (patch: Partial<SubjectFormValues>) => void;
  /** The standalone form requires every field. */
  standalone?: boolean;
}

/** The fields of a subject, shared by the popup and the standalone Add Subject form. */
export function SubjectFields({ values, onChange, standalone = false }: SubjectFieldsProps) {
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
      <TextInput
        label={LABELS.fieldCode}
        value={values.code}
        onChange={(event) => onChange({ code: event.currentTarget.value })}
        withAsterisk
        maxLength={30}
      />
      <Textarea
        label={LABELS.fieldDescription}
        value={values.description}
        onChange={(event) => onChange({ description: event.currentTarget.value })}
        withAsterisk={standalone}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2000}
      />
      <LogoPicker
        value={values.subject_logo}
        onChange={(subject_logo) => onChange({ subject_logo })}
        withAsterisk={standalone}
      />
      <TextInput
        label={LABELS.fieldLogoUrl}
        value={values.subject_logo_url}
        onChange={(event) => onChange({ subject_logo_url: event.currentTarget.value })}
        placeholder="https://"
        type="url"
        maxLength={2000}
      />
    </Stack>
  );
}
