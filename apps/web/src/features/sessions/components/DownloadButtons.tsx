import { Button, Group } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';

const SESSION_LABELS = { pdf: LABELS.sessionDownloadPdf, csv: LABELS.sessionDownloadCsv };

/** PDF and CSV of exactly what the report shows (decision 31); the moderators' reports name them their own way. */
export function DownloadButtons({
  download,
  disabled,
  labels = SESSION_LABELS,
}: {
  download: (kind: 'pdf' | 'csv') => Promise<void>;
  disabled?: boolean;
  labels?: { pdf: string; csv: string };
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
        {labels.pdf}
      </Button>
      <Button
        variant="light"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={busy === 'csv'}
        disabled={disabled}
        onClick={() => save('csv')}
      >
        {labels.csv}
      </Button>
    </Group>
  );
}
