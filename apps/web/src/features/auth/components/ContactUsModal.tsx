import { Anchor, Group, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { usePublicConfig } from '../api';

export function ContactUsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const config = usePublicConfig();
  return (
    <Modal opened={opened} onClose={onClose} title={LABELS.contactUs} size="sm">
      {config.isPending ? (
        <Loader size="sm" role="status" aria-label={LABELS.loading} />
      ) : config.isError ? (
        <Text c="red">{MESSAGES.genericError}</Text>
      ) : (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
              <IconPhone size={18} />
            </ThemeIcon>
            <div>
              <Text size="xs" c="dimmed">
                {LABELS.supportPhone}
              </Text>
              <Anchor href={`tel:${config.data.support_phone.replace(/[^\d+]/g, '')}`}>
                {config.data.support_phone}
              </Anchor>
            </div>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
              <IconMail size={18} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                {LABELS.supportEmail}
              </Text>
              <Anchor href={`mailto:${config.data.support_email}`} style={{ wordBreak: 'break-all' }}>
                {config.data.support_email}
              </Anchor>
            </div>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
