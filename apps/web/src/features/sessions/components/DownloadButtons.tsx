import { Button, Group } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';

/** PDF and CSV of exactly what the report shows (decision 31). */
export function DownloadButtons({
  download,
  disabled,
}: {
  download: (kind: 'pdf' | 'csv') => Promise<void>;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const save = async (kind: 'pdf' | 'csv') => {
    setBusy(kind);
    try {
      await download(kind);
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      <Button
        variant="light"
        leftSection={<IconFileTypePdf size={16} />}
        loading={busy === 'pdf'}
        disabled={disabled}
        onClick={() => save('pdf')}
      >
        {LABELS.sessionDownloadPdf}
      </Button>
      <Button
        variant="light"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={busy === 'csv'}
        disabled={disabled}
        onClick={() => save('csv')}
      >
        {LABELS.sessionDownloadCsv}
      </Button>
    </Group>
  );
}
