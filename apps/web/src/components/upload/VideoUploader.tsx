import '@mantine/core/styles/Progress.css';
import { Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { LABELS } from '@portal/shared/messages';
import { IconVideo } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useFormError } from '../../lib/use-form-error';
import { uploadVideo, type VideoUpload } from './upload-video';

export interface VideoUploaderProps {
  label: string;
  disabled?: boolean;
  /** The stored video's URL, once the whole file is uploaded. */
  onUploaded: (url: string, filename: string) => void;
  onBusyChange?: (busy: boolean) => void;
}

/** Picks a video and uploads it resumably, with a progress bar. */
export function VideoUploader({ label, disabled, onUploaded, onBusyChange }: VideoUploaderProps) {
  const [current, setCurrent] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useFormError();
  const resetRef = useRef<() => void>(null);
  const uploadRef = useRef<VideoUpload | null>(null);

  useEffect(() => () => uploadRef.current?.abort(), []);

  async function start(file: File | null) {
    if (!file) return;
    setError(null);
    setCurrent({ name: file.name, percent: 0 });
    onBusyChange?.(true);
    const upload = uploadVideo(file, (percent) => setCurrent({ name: file.name, percent }));
    uploadRef.current = upload;
    try {
      const url = await upload.done;
      onUploaded(url, file.name);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      uploadRef.current = null;
      resetRef.current?.();
      setCurrent(null);
      onBusyChange?.(false);
    }
  }

  const busy = current !== null;
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <FileButton
          resetRef={resetRef}
          accept="video/mp4,video/webm,video/quicktime,.mp4,.m4v,.webm,.mov"
          disabled={disabled || busy}
          onChange={(file: File | null) => void start(file)}
        >
          {(props) => (
            <Button {...props} variant="light" loading={busy} leftSection={<IconVideo size={16} />}>
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
