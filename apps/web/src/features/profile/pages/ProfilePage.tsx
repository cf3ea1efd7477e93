import { Avatar, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { roleLabel } from '../../../lib/navigation';
import { useRequiredAccount } from '../../../lib/session';
import { useProductName } from '../../auth/api';
import { ChangePasswordForm } from '../../auth/components/ChangePasswordForm';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="md">{value}</Text>
    </div>
  );
}

/** /me/profile, /faculty/profile and /profile: the account and the Change Password popup. */
export function ProfilePage() {
  const account = useRequiredAccount();
  const productName = useProductName();
  const [changing, setChanging] = useState(false);

  return (
    <>
      <PageHeader title={LABELS.profileTitle} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap">
            <Avatar name={account.username} color="initials" size={64} radius="xl" />
            <div style={{ minWidth: 0 }}>
              <Title order={3} style={{ overflowWrap: 'anywhere' }}>
                {account.username}
              </Title>
              <Text c="dimmed">{roleLabel(account.permission)}</Text>
            </div>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
            <Detail label={LABELS.username} value={account.username} />
            <Detail label={LABELS.role} value={roleLabel(account.permission)} />
            <Detail label={LABELS.institution} value={account.institution_title ?? productName} />
            <Detail label={LABELS.academicYear} value={account.academic_year ?? '—'} />
          </SimpleGrid>
          <Group>
            <Button leftSection={<IconLock size={16} />} variant="light" onClick={() => setChanging(true)}>
              {LABELS.changePassword}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Modal opened={changing} onClose={() => setChanging(false)} title={LABELS.changePassword}>
        <ChangePasswordForm />
      </Modal>
    </>
  );
}
