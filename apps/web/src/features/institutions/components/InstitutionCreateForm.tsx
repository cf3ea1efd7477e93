import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { Institution } from '@portal/shared';
import { DEFAULT_LANGUAGE, LANGUAGE_OPTIONS } from '@portal/shared/i18n/languages';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { createInstitutionBodySchema } from '@portal/shared/schemas/institutions';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { useCreateInstitution } from '../api';
import { checkForm, type FieldErrors } from '../validation';
import { FormError } from './FormError';
import { LogoField } from './LogoField';

/**
 * Add Institution: title, academic year and an uploaded logo, all required (management §5), and the
 * language its new accounts start in (decision 40; English unless changed).
 */
export function InstitutionCreateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (institution: Institution) => void;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState('');
  const [academicYear, setAcademicYear] = useState('');
  const [language, setLanguage] = useState<string>(DEFAULT_LANGUAGE);
  const [logo, setLogo] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useFormError();
  const [fields, setFields] = useState<FieldErrors>({});
  const create = useCreateInstitution();

  // Any change to a field clears the shown error (management §4).
  const cleared = () => {
    setError(null);
    setFields({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkForm(createInstitutionBodySchema, {
      title,
      academic_year: academicYear,
      nav_logo: logo ?? '',
      default_language: language,
    });
    if (!check.ok) {
      setError(check.message);
      setFields(check.fields);
      return;
    }
    create.mutate(check.data, {
      onSuccess: ({ institution }) => {
        notify.success(MESSAGES.institutionCreated);
        onCreated(institution);
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={LABELS.fieldTitle}
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            cleared();
          }}
          error={fields.title}
          withAsterisk
          data-autofocus
        />
        <TextInput
          label={LABELS.academicYear}
          placeholder={LABELS.academicYearPlaceholder}
          value={academicYear}
          onChange={(event) => {
            setAcademicYear(event.currentTarget.value);
            cleared();
          }}
          error={fields.academic_year}
          withAsterisk
        />
        <NativeSelect
          label={LABELS.languageOfNewAccounts}
          data={LANGUAGE_OPTIONS}
          value={language}
          onChange={(event) => {
            setLanguage(event.currentTarget.value);
            cleared();
          }}
          error={fields.default_language}
        />
        <LogoField
          value={logo}
          onChange={(url) => {
            setLogo(url);
            cleared();
          }}
          onBusyChange={setUploading}
          error={fields.nav_logo}
        />
        <FormError message={error} />
        <Group justify="flex-end" gap="sm" mt="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={create.isPending}>
              {LABELS.formCancel}
            </Button>
          )}
          <Button type="submit" loading={create.isPending} disabled={uploading}>
            {LABELS.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
