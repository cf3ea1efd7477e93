import '@mantine/core/styles/Progress.css';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { InstitutionExport } from '@portal/shared';
import { formatMessage, LABELS } from '@portal/shared/messages';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useDateTimeText } from '../../lib/time-zone';
import { downloadExport, useLatestExport, useStartExport } from './api';

/** 1.2 MB, 340 KB: the zip's size as people read it. */
function readableSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function statusText(job: InstitutionExport): string {
  if (job.status === 'queued') return LABELS.exportQueued;
  if (job.status === 'running') {
    return formatMessage(LABELS.exportRunning, {
      done: String(job.files_done),
      total: String(job.files_total),
    });
  }
  if (job.status === 'done') {
    return formatMessage(LABELS.exportDone, {
      rows: job.rows.toLocaleString('en-IN'),
      size: readableSize(job.size ?? 0),
    });
  }
  return LABELS.exportFailed;
}

/**
 * An institution's data export (issue 28): start it, watch the background job's progress, download
 * the zip. Used by the owner's institution popup and the moderator's home.
 */
export function ExportPanel({ institutionId }: { institutionId: string }) {
  const dateTimeText = useDateTimeText();
  const latest = useLatestExport(institutionId);
  const start = useStartExport(institutionId);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const job = latest.data ?? null;
  const active = job?.status === 'queued' || job?.status === 'running';

  const download = async (chosen: InstitutionExport) => {
    setError(null);
    setDownloading(true);
    try {
      await downloadExport(chosen);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">{LABELS.exportIntro}</Text>
      {job && (
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            {formatMessage(LABELS.lastExport, { when: dateTimeText(job.created_at) })}
          </Text>
          <Progress
            value={job.progress}
            color={job.status === 'failed' ? 'red' : job.status === 'done' ? 'teal' : 'blue'}
            striped={active}
            animated={active}
            size="lg"
            aria-label={LABELS.exportProgress}
          />
          <Text size="sm" role="status" c={job.status === 'failed' ? 'red.8' : undefined}>
            {statusText(job)}
          </Text>
        </Stack>
      )}
      {(error || start.error) && (
        <Alert color="red" variant="light">
          {error ?? errorMessage(start.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {job?.status === 'done' && (
          <Button
            leftSection={<IconDownload size={16} />}
            loading={downloading}
            onClick={() => void download(job)}
          >
            {LABELS.downloadExport}
          </Button>
        )}
        <Button
          variant={job?.status === 'done' ? 'light' : 'filled'}
          leftSection={<IconFileZip size={16} />}
          loading={start.isPending}
          disabled={active || latest.isPending}
          onClick={() => start.mutate()}
        >
          {job ? LABELS.exportAgain : LABELS.startExport}
        </Button>
      </Group>
    </Stack>
  );
}
