import { Center, Loader } from '@mantine/core';
import { SIGN_IN_LABELS } from '@portal/shared/sign-in-messages';

/** A page's or a list's loading state, announced to screen readers. */
export function Loading() {
  return (
    <Center py="xl" role="status" aria-label={SIGN_IN_LABELS.loading}>
      <Loader />
    </Center>
  );
}
