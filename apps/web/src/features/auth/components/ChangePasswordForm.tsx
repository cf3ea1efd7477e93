import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { signOut } from '../../../lib/session';
import { useFormError } from '../../../lib/use-form-error';
import { changePassword } from '../api';
import { changePasswordError } from '../validation';

function changeFailure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'WRONG_OLD_PASSWORD') return MESSAGES.checkOldPassword;
  if (error instanceof ApiError && error.status === 400) return error.fields.new_password ?? error.message;
  return errorMessage(error);
}

/**
 * Old, new and repeated new password (learning §5). Success revokes every token of the user on the
 * server, so the client drops all its state and the guard sends the user to /login.
 */
export function ChangePasswordForm({ autoFocus = true }: { autoFocus?: boolean }) {
  const [values, setValues] = useState({ old: '', next: '', repeat: '' });
  const [error, setError] = useFormError();
  const [busy, setBusy] = useState(false);

  const field = (name: keyof typeof values) => ({
    // Each field's show/hide toggle (learning §2 "Profile") is reachable by keyboard and named.
    visibilityToggleFocusable: true,
    visibilityToggleButtonProps: { 'aria-label': LABELS.learnShowPassword },
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setError(null);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = changePasswordError(values);
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await changePassword(values.old, values.next);
      notify.success(MESSAGES.passwordChanged);
      signOut('user');
    } catch (failure) {
      setError(changeFailure(failure));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={LABELS.oldPassword}
          autoComplete="current-password"
          data-autofocus={autoFocus || undefined}
          {...field('old')}
        />
        <PasswordInput label={LABELS.newPassword} autoComplete="new-password" {...field('next')} />
        <PasswordInput label={LABELS.repeatNewPassword} autoComplete="new-password" {...field('repeat')} />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy} fullWidth>
          {LABELS.submit}
        </Button>
      </Stack>
    </form>
  );
}
