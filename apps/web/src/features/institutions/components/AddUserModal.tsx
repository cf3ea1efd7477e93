import { Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import type { Institution } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { useCreateModerator } from '../api';
import { FormError } from './FormError';

function AddUserForm({ institutions, onDone }: { institutions: Institution[]; onDone: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [institutionId, setInstitutionId] = useState<string | null>(
    institutions.length === 1 ? institutions[0]._id : null,
  );
  const [error, setError] = useFormError();
  const [missing, setMissing] = useState(false);
  const create = useCreateModerator();

  const edited =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setError(null);
      setMissing(false);
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only presence is checked here (management §5); the server answers any other rule.
    if (username.trim() === '' || password === '' || !institutionId) {
      setMissing(true);
      setError(MESSAGES.fillTheForm);
      return;
    }
    create.mutate(
      { username: username.trim(), password, institution_id: institutionId },
      {
        onSuccess: () => {
          notify.success(MESSAGES.userCreated);
          onDone();
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.status === 409
              ? MESSAGES.usernameExists
              : errorMessage(failure),
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={LABELS.username}
          value={username}
          onChange={(event) => edited(setUsername)(event.currentTarget.value)}
          error={missing && username.trim() === ''}
          autoComplete="off"
          withAsterisk
          data-autofocus
        />
        <PasswordInput
          label={LABELS.password}
          value={password}
          onChange={(event) => edited(setPassword)(event.currentTarget.value)}
          error={missing && password === ''}
          autoComplete="new-password"
          withAsterisk
        />
        <Select
          label={LABELS.institution}
          placeholder={LABELS.selectInstitutionPlaceholder}
          data={institutions.map((institution) => ({ value: institution._id, label: institution.title }))}
          value={institutionId}
          onChange={edited(setInstitutionId)}
          error={missing && !institutionId}
          searchable
          allowDeselect={false}
          withAsterisk
          comboboxProps={{ withinPortal: true }}
        />
        <FormError message={error} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            {LABELS.formCancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {LABELS.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Add User popup: a moderator login for one institution (management §2 "Owner home"). */
export function AddUserModal({
  opened,
  institutions,
  onClose,
}: {
  opened: boolean;
  institutions: Institution[];
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={LABELS.addUserTitle} centered>
      <AddUserForm institutions={institutions} onDone={onClose} />
    </Modal>
  );
}
