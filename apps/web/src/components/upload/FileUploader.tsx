import '@mantine/core/styles/Progress.css';
import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import type { UploadPurpose } from '@portal/shared/constants';
import { LABELS } from '@portal/shared/messages';
import { IconUpload } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-error';
import { useFormError } from '../../lib/use-form-error';
import { WRAPPING_BUTTON } from '../wrapping-button';
import { type StoredFile, uploadFile } from './upload-file';

export interface FileUploaderProps {
  /** The button's text. */
  label: string;
  /** The `accept` attribute of the file picker (e.g. `image/*`). */
  accept?: string;
  /** Several files at once, uploaded one after another. */
  multiple?: boolean;
  disabled?: boolean;
  /** Called once per stored file, in the order chosen. */
  onUploaded: (file: StoredFile) => void;
  /** Called when newly chosen files start to upload (a form forgets the file it had). */
  onStart?: () => void;
  /** Tells the form an upload is running (it saves only afterwards). */
  onBusyChange?: (busy: boolean) => void;
  leftSection?: ReactNode;
  /** The button's size: 'lg' (50 px high) among the exam's answer controls, which are at least 44 px. */
  size?: 'sm' | 'lg';
  /** What the files are for; `import` keeps them private (bulk-import CSVs). */
  purpose?: UploadPurpose;
}

/**
 * Uploads images and documents through `POST /api/s3/v2` with a progress bar. A file over the
 * limit is refused before anything is sent; like a batch upload, it stops the files after it.
 */
export function FileUploader({
  label,
  accept,
  multiple = false,
  disabled,
  onUploaded,
  onStart,
  onBusyChange,
  leftSection,
  purpose,
  size = 'sm',
}: FileUploaderProps) {
  const [current, setCurrent] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useFormError();
  const resetRef = useRef<() => void>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  async function upload(files: File[]) {
    if (files.length === 0) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setError(null);
    onStart?.();
    onBusyChange?.(true);
    try {
      for (const file of files) {
        setCurrent({ name: file.name, percent: 0 });
        const stored = await uploadFile(file, {
          signal: controller.signal,
          purpose,
          onProgress: (percent) => setCurrent({ name: file.name, percent }),
        });
        onUploaded(stored);
      }
    } catch (cause) {
      if (controller.signal.aborted) return;
      setError(errorMessage(cause));
    } finally {
      resetRef.current?.();
      if (!controller.signal.aborted) {
        setCurrent(null);
        onBusyChange?.(false);
      }
    }
  }

  const busy = current !== null;
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <FileButton
          resetRef={resetRef}
          accept={accept}
          multiple={multiple}
          disabled={disabled || busy}
          onChange={(picked: File | File[] | null) => {
            void upload(picked === null ? [] : Array.isArray(picked) ? picked : [picked]);
          }}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              size={size}
              maw="100%"
              mih="var(--button-height)"
              {...WRAPPING_BUTTON}
              loading={busy}
              leftSection={leftSection ?? <IconUpload size={16} />}
            >
              {label}
            </Button>
          )}
        </FileButton>
      </Group>
      {current && (
        <Stack gap={4}>
          <Progress value={current.percent} animated aria-label={LABELS.uploadProgress} />
          <Text size="xs" c="dimmed">
            {current.name} · {current.percent}%
          </Text>
        </Stack>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
