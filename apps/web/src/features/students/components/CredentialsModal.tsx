import '@mantine/core/styles/Code.css';
import { Alert, Button, Code, Group, Modal, Stack, Table } from '@mantine/core';
import type { IssuedCredential } from '@portal/shared';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { downloadCredentials } from '../api';

interface CredentialsModalProps {
  /** The credentials to show once; the popup is open while there are some. */
  credentials: IssuedCredential[] | null;
  /** The printed sheet's title. */
  sheetTitle: string;
  onClose: () => void;
}

/**
 * Generated passwords, shown once (decision 4), with a 'Print credentials' button that renders the
 * same list as a PDF sheet on the server (nothing is stored there).
 */
export function CredentialsModal({ credentials, sheetTitle, onClose }: CredentialsModalProps) {
  const [printing, setPrinting] = useState(false);

  async function print() {
    if (!credentials) return;
    setPrinting(true);
    try {
      await downloadCredentials(sheetTitle, credentials);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setPrinting(false);
    }
  }

  return (
    <Modal
      opened={credentials !== null}
      onClose={onClose}
      title={LABELS.generatedPasswordsTitle}
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <Alert color="yellow" variant="light">
          {MESSAGES.credentialsShownOnce}
        </Alert>
        <Table.ScrollContainer minWidth={360} maxHeight={360}>
          <Table striped aria-label={LABELS.generatedPasswordsTitle}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{LABELS.name}</Table.Th>
                <Table.Th>{LABELS.userName}</Table.Th>
                <Table.Th>{LABELS.password}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(credentials ?? []).map((credential) => (
                <Table.Tr key={credential._id}>
                  <Table.Td>{credential.name}</Table.Td>
                  <Table.Td>{credential.username}</Table.Td>
                  <Table.Td>
                    <Code fz="sm">{credential.password}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {LABELS.close}
          </Button>
          <Button leftSection={<IconPrinter size={16} />} loading={printing} onClick={print}>
            {LABELS.printCredentials}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
