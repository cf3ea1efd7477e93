import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { FormError } from '../../institutions/components/FormError';
import type { MarkingForm } from './useMarkingForm';

/** The Submit button of a marking screen, its error and the "Are you sure you want to submit?" popup. */
export function MarkingFooter({ form, toMark }: { form: MarkingForm; toMark: number }) {
  return (
    <Stack gap="sm" mt="md">
      <FormError message={form.error} />
      <Group justify="flex-end">
        <Button onClick={form.submit} disabled={toMark === 0}>
          {LABELS.evalSubmit}
        </Button>
      </Group>
      <Modal opened={form.confirming} onClose={form.cancel} title={LABELS.evalSubmit} centered>
        <Stack gap="md">
          <Text>{MESSAGES.confirmSubmit}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={form.cancel} disabled={form.busy}>
              {LABELS.confirmCancel}
            </Button>
            <Button onClick={form.confirm} loading={form.busy}>
              {LABELS.confirmProceed}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
