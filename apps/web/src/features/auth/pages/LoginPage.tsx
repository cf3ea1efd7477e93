import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { NOTICE_ERROR_MS } from '@portal/shared/constants';
import { SIGN_IN_LABELS, SIGN_IN_MESSAGES } from '@portal/shared/sign-in-messages';
import { IconAlertCircle, IconSchool } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { signIn } from '../../../lib/session';
import { authKeys, login, useProductName, usePublicConfig } from '../api';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { withSignInRetry } from '../sign-in-retry';
import { canSubmitLogin } from '../validation';
import classes from './LoginPage.module.css';

// The popups (and Mantine's Modal) load when first opened.
const ForgotPasswordModal = lazy(() =>
  import('../components/ForgotPasswordModal').then((m) => ({ default: m.ForgotPasswordModal })),
);
const ContactUsModal = lazy(() =>
  import('../components/ContactUsModal').then((m) => ({ default: m.ContactUsModal })),
);

function loginFailure(error: unknown): string {
  // 401 covers wrong credentials and archived accounts alike; rate limits keep the server's text.
  if (error instanceof ApiError && error.status === 401) return SIGN_IN_MESSAGES.loginFailed;
  return errorMessage(error);
}

/** /login, and /forgot-password (the same page with the recovery popup open). */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const productName = useProductName();
  const version = usePublicConfig().data?.version;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [contactOpen, setContactOpen] = useState(false);
  const [contactUsed, setContactUsed] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // The popups load on their first opening, already open, so Mantine's focus return (which notes
  // the focused element when `opened` turns true) never saw what opened them: the focus goes back
  // to their link here (WCAG 2.4.3).
  const forgotLink = useRef<HTMLAnchorElement>(null);
  const contactButton = useRef<HTMLButtonElement>(null);
  const forgotOpen = location.pathname === '/forgot-password';
  const closeForgot = () => {
    navigate({ pathname: '/login', search: location.search }, { replace: true });
    forgotLink.current?.focus();
  };
  const closeContact = () => {
    setContactOpen(false);
    contactButton.current?.focus();
  };

  // While the portal is busy (503), the sign-in waits its turn and says so (sign-in-retry.ts).
  const [waiting, setWaiting] = useState(false);
  const mutation = useMutation({
    mutationFn: (body: { username: string; password: string }) =>
      withSignInRetry(() => login(body), { onBusy: setWaiting }),
    onSuccess: (account) => {
      const { jwt: _jwt, ...user } = account;
      queryClient.setQueryData(authKeys.me, user);
      // The sign-in answer has set the file cookie already (once any generated password is changed).
      if (!account.must_change_password) queryClient.setQueryData(authKeys.fileSession, true);
      // The public-route guard then sends the user to the remembered page (or the dashboard).
      signIn(account);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitLogin(username, password)) {
      (username.trim() === '' ? usernameRef : passwordRef).current?.focus();
      return;
    }
    mutation.mutate({ username: username.trim(), password });
  };

  // Any change to a field clears the shown error, and it goes after 5 s anyway (management §9).
  const clearError = () => {
    if (mutation.isError) mutation.reset();
  };
  const { isError: failed, reset } = mutation;
  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(reset, NOTICE_ERROR_MS);
    return () => clearTimeout(timer);
  }, [failed, reset]);

  return (
    <Box className={classes.page}>
      <Paper
        component="main"
        className={classes.card}
        shadow="md"
        radius="lg"
        p={{ base: 'lg', xs: 'xl' }}
        withBorder
      >
        <Stack gap="lg">
          <Stack gap={6} align="center">
            <IconSchool size={44} stroke={1.5} className={classes.logo} aria-hidden />
            <Title order={1} className={classes.title} ta="center">
              {productName}
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              {SIGN_IN_LABELS.signInTitle}
            </Text>
          </Stack>

          <form onSubmit={submit} noValidate aria-label={SIGN_IN_LABELS.signInTitle}>
            <Stack gap="md">
              <TextInput
                ref={usernameRef}
                label={SIGN_IN_LABELS.userName}
                value={username}
                onChange={(event) => {
                  setUsername(event.currentTarget.value);
                  clearError();
                }}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                size="md"
              />
              <PasswordInput
                ref={passwordRef}
                label={SIGN_IN_LABELS.password}
                value={password}
                onChange={(event) => {
                  setPassword(event.currentTarget.value);
                  clearError();
                }}
                autoComplete="current-password"
                size="md"
              />
              {waiting && (
                <Alert color="blue" variant="light" role="status" aria-live="polite">
                  {SIGN_IN_MESSAGES.signInWaiting}
                </Alert>
              )}
              {mutation.isError && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                  {loginFailure(mutation.error)}
                </Alert>
              )}
              <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
                {SIGN_IN_LABELS.submit}
              </Button>
            </Stack>
          </form>

          <Group justify="space-between" gap="xs">
            <Anchor
              ref={forgotLink}
              component={Link}
              to={{ pathname: '/forgot-password', search: location.search }}
              size="sm"
            >
              {SIGN_IN_LABELS.forgotPassword}
            </Anchor>
            <Anchor
              ref={contactButton}
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setContactUsed(true);
                setContactOpen(true);
              }}
            >
              {SIGN_IN_LABELS.contactUs}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
      <Group component="footer" mt="md" gap="md" justify="center">
        <LanguageSwitcher />
        {version && (
          <Text size="xs" c="dimmed">
            v{version}
          </Text>
        )}
      </Group>
      <Suspense fallback={null}>
        {forgotOpen && <ForgotPasswordModal opened onClose={closeForgot} />}
        {contactUsed && <ContactUsModal opened={contactOpen} onClose={closeContact} />}
      </Suspense>
    </Box>
  );
}
