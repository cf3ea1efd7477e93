import { Avatar, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { uploadFile } from '../../../components/upload/upload-file';
import { errorMessage } from '../../../lib/api';

interface LogoFieldProps {
  /** The uploaded logo's URL, null until a file has been uploaded. */
  value: string | null;
  /** The logo the institution has (Edit Institution): shown until a new one is uploaded, and no upload is required. */
  current?: string;
  onChange: (url: string | null) => void;
  onBusyChange: (busy: boolean) => void;
  error?: string | true;
}

/** Picks a logo image and uploads it at once (POST /api/s3/v2), showing the upload's progress. */
export function LogoField({ value, current, onChange, onBusyChange, error }: LogoFieldProps) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const choose = (chosen: File | null) => {
    running.current?.abort();
    setFile(chosen);
    setFailure(null);
    onChange(null);
    if (!chosen) {
      setProgress(null);
      onBusyChange(false);
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setProgress(0);
    onBusyChange(true);
    uploadFile(chosen, { onProgress: setProgress, signal: controller.signal })
      .then((uploaded) => onChange(uploaded.publicUrl))
      .catch((cause: unknown) => {
        if (controller.signal.aborted) return;
        setFailure(errorMessage(cause));
        setProgress(null);
      })
      .finally(() => {
        if (running.current === controller) onBusyChange(false);
      });
  };

  return (
    <Stack gap={6}>
      {current && !value && (
        <Group gap="xs">
          <Avatar src={current} alt={LABELS.currentLogo} size="md" radius="sm" />
          <Text size="sm" c="dimmed">
            {LABELS.currentLogo}
          </Text>
        </Group>
      )}
      <FileInput
        label={current ? LABELS.changeLogo : LABELS.fieldLogo}
        placeholder={LABELS.chooseLogoFile}
        accept="image/*"
        value={file}
        onChange={choose}
        clearable
        withAsterisk={!current}
        leftSection={<IconPhoto size={18} />}
        error={failure ?? error}
      />
      {progress !== null && !value && (
        <Progress value={progress} size="sm" animated aria-label={LABELS.uploadProgress} />
      )}
      {value && (
        <Group gap="xs">
          <Avatar src={value} alt={LABELS.fieldLogo} size="md" radius="sm" />
          <Text size="sm" c="dimmed">
            {file?.name}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
