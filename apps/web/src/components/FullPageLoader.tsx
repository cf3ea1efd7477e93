import { Center, Loader } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';

export function FullPageLoader() {
  return (
    <Center mih="60vh" role="status" aria-label={LABELS.loading}>
      <Loader />
    </Center>
  );
}
