import { Alert, Button } from '@mantine/core';
import { MESSAGES } from '@portal/shared/messages';

/** A list that failed to load: what went wrong and a way to ask again. */
export function LoadFailed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title={message}>
      <Button variant="light" color="red" size="xs" mt="xs" onClick={retry}>
        {MESSAGES.pleaseTryAgain}
      </Button>
    </Alert>
  );
}
