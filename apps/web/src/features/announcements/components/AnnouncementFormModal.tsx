import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Button, Group, Modal, MultiSelect, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import {
  ANNOUNCEMENT_DESCRIPTION_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type Announcement,
  type AnnouncementAudience,
  announcementBodySchema,
} from '@portal/shared/schemas/announcements';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { useBatches } from '../../institutions/api';
import { FormError } from '../../institutions/components/FormError';
import { checkForm, type FieldErrors } from '../../institutions/validation';
import { useSaveAnnouncement } from '../api';

interface FormValues {
  title: string;
  description: string;
  audience: AnnouncementAudience;
  batch_ids: string[];
}

const valuesOf = (announcement: Announcement | null): FormValues => ({
  title: announcement?.title ?? '',
  description: announcement?.description ?? '',
  audience: announcement?.audience ?? 'institution',
  batch_ids: announcement?.batches.map((batch) => batch._id) ?? [],
});

function AnnouncementForm({
  announcement,
  onDone,
}: {
  announcement: Announcement | null;
  onDone: () => void;
}) {
  const [values, setValues] = useState<FormValues>(() => valuesOf(announcement));
  const [error, setError] = useFormError();
  const [fields, setFields] = useState<FieldErrors>({});
  const batches = useBatches();
  const save = useSaveAnnouncement();

  const change = (patch: Partial<FormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setError(null);
    setFields({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Batches belong to the chosen audience only: the whole institution takes none.
    const body = { ...values, batch_ids: values.audience === 'batches' ? values.batch_ids : [] };
    const check = checkForm(announcementBodySchema, body);
    if (!check.ok) {
      // An empty field says 'Please fill the form'; otherwise the rule's own text (the batches).
      const missing = Object.values(check.fields).includes(true);
      const own = Object.values(check.fields).find((text) => typeof text === 'string');
      setError(missing || !own ? check.message : own);
      setFields(check.fields);
      return;
    }
    save.mutate(
      { id: announcement?._id ?? null, body: check.data },
      {
        onSuccess: () => {
          notify.success(announcement ? MESSAGES.announcementEdited : MESSAGES.announcementAdded);
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  const fieldError = (name: keyof FormValues) => fields[name];
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={LABELS.announcementTitle}
          value={values.title}
          maxLength={ANNOUNCEMENT_TITLE_MAX}
          onChange={(event) => change({ title: event.currentTarget.value })}
          error={fieldError('title')}
          withAsterisk
          data-autofocus
        />
        <Textarea
          label={LABELS.announcementDescription}
          value={values.description}
          maxLength={ANNOUNCEMENT_DESCRIPTION_MAX}
          autosize
          minRows={4}
          maxRows={12}
          onChange={(event) => change({ description: event.currentTarget.value })}
          error={fieldError('description')}
          withAsterisk
        />
        <Radio.Group
          label={LABELS.announcementAudience}
          value={values.audience}
          onChange={(audience) => change({ audience: audience as AnnouncementAudience })}
          withAsterisk
        >
          <Group gap="lg" mt={6}>
            <Radio value="institution" label={LABELS.announcementAudienceInstitution} />
            <Radio value="batches" label={LABELS.announcementAudienceBatches} />
          </Group>
        </Radio.Group>
        {values.audience === 'batches' && (
          <MultiSelect
            label={LABELS.announcementBatches}
            placeholder={LABELS.selectBatchPlaceholder}
            data={(batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.title }))}
            value={values.batch_ids}
            onChange={(batch_ids) => change({ batch_ids })}
            error={fieldError('batch_ids')}
            searchable
            clearable
            withAsterisk
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <FormError message={error} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {LABELS.formCancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {LABELS.saveAction}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Add Announcement / Edit Announcement (decision 33): title, description, the whole institution or chosen batches. */
export function AnnouncementFormModal({
  opened,
  announcement,
  onClose,
}: {
  opened: boolean;
  /** The one edited; null adds a new one. */
  announcement: Announcement | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={announcement ? LABELS.editAnnouncement : LABELS.addAnnouncement}
      centered
      size="lg"
    >
      {opened && (
        <AnnouncementForm key={announcement?._id ?? 'new'} announcement={announcement} onDone={onClose} />
      )}
    </Modal>
  );
}
