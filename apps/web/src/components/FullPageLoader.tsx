import { Center, Loader } from '@mantine/core';
import { SIGN_IN_LABELS } from '@portal/shared/sign-in-messages';

export function FullPageLoader() {
  return (
    <Center mih="60vh" role="status" aria-label={SIGN_IN_LABELS.loading}>
      <Loader />
    </Center>
  );
}
