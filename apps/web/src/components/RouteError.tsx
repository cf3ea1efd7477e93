import { Button, Center, Stack, Title } from '@mantine/core';
import { SIGN_IN_LABELS, SIGN_IN_MESSAGES } from '@portal/shared/sign-in-messages';

/** Shown when a page fails to render or its code cannot be loaded (e.g. after a new release). */
export function RouteError() {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="md">
        <Title order={1} size="h2" ta="center">
          {SIGN_IN_MESSAGES.genericError}
        </Title>
        <Button variant="light" onClick={() => window.location.reload()}>
          {SIGN_IN_LABELS.reload}
        </Button>
      </Stack>
    </Center>
  );
}
