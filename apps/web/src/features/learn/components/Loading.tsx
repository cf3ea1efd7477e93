import { Center, Loader } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';

/** A list's loading state. */
export function Loading() {
  return (
    <Center py="xl" role="status" aria-label={LABELS.loading}>
      <Loader size="sm" />
    </Center>
  );
}
