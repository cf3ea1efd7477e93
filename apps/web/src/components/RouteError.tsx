import { Button, Center, Stack, Title } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';

/** Shown when a page fails to render or its code cannot be loaded (e.g. after a new release). */
export function RouteError() {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md">
        <Title order={2} ta="center">
          {MESSAGES.genericError}
        </Title>
        <Button variant="light" onClick={() => window.location.reload()}>
          {LABELS.reload}
        </Button>
      </Stack>
    </Center>
  );
}
