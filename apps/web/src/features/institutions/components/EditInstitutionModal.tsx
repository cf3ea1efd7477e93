import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { Institution } from '@portal/shared';
import { LANGUAGE_OPTIONS } from '@portal/shared/i18n/languages';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { updateInstitutionBodySchema } from '@portal/shared/schemas/institutions';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { useUpdateInstitution } from '../api';
import type { RowPopup } from '../use-row-popup';
import { checkForm, type FieldErrors } from '../validation';
import { FormError } from './FormError';
import { InstitutionPopup } from './InstitutionPopup';
import { LogoField } from './LogoField';

function EditInstitutionForm({ institution, onDone }: { institution: Institution; onDone: () => void }) {
  const [values, setValues] = useState({
    title: institution.title,
    sealtabs_institution_id: institution.sealtabs_institution_id ?? '',
    academic_year: institution.academic_year,
    default_language: institution.default_language,
  });
  const [error, setError] = useFormError();
  const [fields, setFields] = useState<FieldErrors>({});
  /** A newly uploaded logo; null keeps the institution's. */
  const [logo, setLogo] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const update = useUpdateInstitution();

  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: fields[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setError(null);
      setFields({});
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    const check = checkForm(updateInstitutionBodySchema, logo ? { ...values, nav_logo: logo } : values);
    if (!check.ok) {
      setError(check.message);
      setFields(check.fields);
      return;
    }
    update.mutate(
      { id: institution._id, body: check.data },
      {
        onSuccess: () => {
          notify.success(MESSAGES.institutionEdited);
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={LABELS.fieldTitle} withAsterisk data-autofocus {...field('title')} />
        <TextInput label={LABELS.sealtabsInstitutionId} {...field('sealtabs_institution_id')} />
        <TextInput
          label={LABELS.academicYear}
          placeholder={LABELS.academicYearPlaceholder}
          withAsterisk
          {...field('academic_year')}
        />
        <NativeSelect
          label={LABELS.languageOfNewAccounts}
          data={LANGUAGE_OPTIONS}
          {...field('default_language')}
        />
        <LogoField
          value={logo}
          current={institution.nav_logo || undefined}
          onChange={(url) => {
            setLogo(url);
            setError(null);
            setFields({});
          }}
          onBusyChange={setUploading}
          error={fields.nav_logo}
        />
        <FormError message={error} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            {LABELS.formCancel}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={uploading}>
            {LABELS.saveAction}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edit Institution popup: Title, 'SEALTABS Institution ID', Academic Year, the language of new accounts and the logo. */
export function EditInstitutionModal({ popup }: { popup: RowPopup }) {
  return (
    <InstitutionPopup popup={popup} title={() => LABELS.editInstitutionTitle}>
      {(institution) => <EditInstitutionForm institution={institution} onDone={popup.close} />}
    </InstitutionPopup>
  );
}
