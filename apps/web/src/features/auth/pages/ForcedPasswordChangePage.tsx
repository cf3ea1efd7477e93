import { Anchor, Box, Paper, Stack, Text, Title } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { signOut, useRequiredAccount } from '../../../lib/session';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import classes from './LoginPage.module.css';

/** Shown instead of every page while the account still has the password it was given (decision 4). */
export function ForcedPasswordChangePage() {
  const account = useRequiredAccount();
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
          <Stack gap={6}>
            <Title order={1} className={classes.title}>
              {LABELS.changePassword}
            </Title>
            <Text size="sm" c="dimmed">
              {MESSAGES.passwordChangeRequired}
            </Text>
            <Text size="sm">
              {LABELS.username}: <strong>{account.username}</strong>
            </Text>
          </Stack>
          <ChangePasswordForm />
          <Anchor component="button" type="button" size="sm" onClick={() => signOut('user')}>
            {LABELS.logout}
          </Anchor>
        </Stack>
      </Paper>
    </Box>
  );
}
