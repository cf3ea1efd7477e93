import { Alert, Button, Modal, PasswordInput, Stack, Stepper, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { forgotPassword, resetPassword, verifyOtp } from '../api';
import { newPasswordError } from '../validation';

/** The spec's own text for a refused step; rate limits and outages keep the server's message. */
function stepFailure(error: unknown, specText: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
    return specText;
  }
  return errorMessage(error);
}

function ForgotPasswordSteps({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState(0);
  const [username, setUsername] = useState('');
  const [otp, setOtp] = useState('');
  const [tempToken, setTempToken] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useFormError();
  // Which new-password field a refused password is about (null: the reset itself failed).
  const [errorOn, setErrorOn] = useState<'password' | 'confirmation' | null>(null);
  const [busy, setBusy] = useState(false);
  // On phones the step circles alone fit on one line; each step's field label says where the user is.
  const compact = useMediaQuery('(max-width: 36em)');

  // Any change to a field clears the shown error (management §4).
  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setError(null);
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const generateOtp = (event: FormEvent) => {
    event.preventDefault();
    if (username.trim() === '') return setError(MESSAGES.enterUsername);
    void run(async () => {
      try {
        await forgotPassword(username.trim());
        setStep(1);
      } catch (failure) {
        setError(stepFailure(failure, MESSAGES.invalidUsername));
      }
    });
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    if (otp.trim() === '') return setError(MESSAGES.enterOtp);
    void run(async () => {
      try {
        const result = await verifyOtp(username.trim(), otp.trim());
        setTempToken(result.temp_token);
        setStep(2);
      } catch (failure) {
        setError(stepFailure(failure, MESSAGES.invalidOtp));
      }
    });
  };

  const change = (event: FormEvent) => {
    event.preventDefault();
    const invalid = newPasswordError(password, confirmation);
    setErrorOn(invalid === MESSAGES.passwordMismatch ? 'confirmation' : invalid ? 'password' : null);
    if (invalid) return setError(invalid);
    void run(async () => {
      try {
        await resetPassword(tempToken, password);
        notify.success(LABELS.passwordResetDone);
        onDone();
      } catch (failure) {
        // An expired or used reset starts over from the user name.
        if (failure instanceof ApiError && failure.code === 'RESET_TOKEN_EXPIRED') setStep(0);
        setError(failure instanceof ApiError ? failure.message : MESSAGES.genericError);
      }
    });
  };

  // A step's error is its field's (aria-invalid, described by the error), read out as it shows.
  const fieldError = (field: 'password' | 'confirmation' | null = null) =>
    field === errorOn && error ? { error, errorProps: { role: 'alert' } } : {};
  const resetFailed =
    step === 2 && error && errorOn === null ? (
      <Alert color="red" variant="light" role="alert">
        {error}
      </Alert>
    ) : null;

  return (
    <Stepper
      active={step}
      size="xs"
      wrap={false}
      allowNextStepsSelect={false}
      styles={{ steps: { marginBottom: 20 } }}
    >
      <Stepper.Step label={compact ? undefined : LABELS.userName}>
        <form onSubmit={generateOtp} noValidate>
          <Stack gap="md">
            <TextInput
              label={LABELS.userName}
              value={username}
              onChange={(event) => edit(setUsername)(event.currentTarget.value)}
              autoComplete="username"
              data-autofocus
              {...fieldError()}
            />
            <Button type="submit" loading={busy} fullWidth>
              {LABELS.generateOtp}
            </Button>
          </Stack>
        </form>
      </Stepper.Step>
      <Stepper.Step label={compact ? undefined : LABELS.otp}>
        <form onSubmit={verify} noValidate>
          <Stack gap="md">
            <TextInput
              label={LABELS.otp}
              description={MESSAGES.otpSent}
              value={otp}
              onChange={(event) => edit(setOtp)(event.currentTarget.value)}
              autoComplete="one-time-code"
              inputMode="numeric"
              data-autofocus
              {...fieldError()}
            />
            <Button type="submit" loading={busy} fullWidth>
              {LABELS.verify}
            </Button>
          </Stack>
        </form>
      </Stepper.Step>
      <Stepper.Step label={compact ? undefined : LABELS.newPassword}>
        <form onSubmit={change} noValidate>
          <Stack gap="md">
            <PasswordInput
              label={LABELS.newPassword}
              value={password}
              onChange={(event) => edit(setPassword)(event.currentTarget.value)}
              autoComplete="new-password"
              data-autofocus
              {...fieldError('password')}
            />
            <PasswordInput
              label={LABELS.confirmPassword}
              value={confirmation}
              onChange={(event) => edit(setConfirmation)(event.currentTarget.value)}
              autoComplete="new-password"
              {...fieldError('confirmation')}
            />
            {resetFailed}
            <Button type="submit" loading={busy} fullWidth>
              {LABELS.change}
            </Button>
          </Stack>
        </form>
      </Stepper.Step>
    </Stepper>
  );
}

/** The three-step password recovery popup (management §2 "Password screens"). */
export function ForgotPasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={LABELS.forgotPassword} size="md">
      <ForgotPasswordSteps onDone={onClose} />
    </Modal>
  );
}
