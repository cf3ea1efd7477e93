import '@mantine/core/styles/Progress.css';
import { Button, FileButton, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DemoVideosAnswer, Institution, InstitutionDemoVideoRole } from '@portal/shared';
import { formatMessage, LABELS, MESSAGES } from '@portal/shared/messages';
import { INSTITUTION_DEMO_VIDEO_ROLES } from '@portal/shared/schemas/institutions';
import { IconRestore, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { uploadFile } from '../../../components/upload/upload-file';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useFormError } from '../../../lib/use-form-error';
import { useDemoVideos, useUpdateDemoVideos } from '../api';
import type { RowPopup } from '../use-row-popup';
import { FormError } from './FormError';
import { InstitutionPopup } from './InstitutionPopup';

const HEADINGS: Record<InstitutionDemoVideoRole, string> = {
  student: LABELS.studentsDemoVideo,
  faculty: LABELS.facultyDemoVideo,
};

/** Small files go through POST /api/s3/v2 (at most 40960 KB): short demo recordings fit easily. */
const VIDEO_TYPES = 'video/mp4,video/webm,video/quicktime,.mp4,.m4v,.webm,.mov';

function RoleVideo({
  institution,
  role,
  videos,
}: {
  institution: Institution;
  role: InstitutionDemoVideoRole;
  videos: DemoVideosAnswer;
}) {
  const update = useUpdateDemoVideos(institution._id);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useFormError();
  const resetRef = useRef<() => void>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const own = videos.demo_videos[role];
  const shown = own ?? videos.defaults[role];
  const busy = progress !== null || update.isPending;
  const heading = HEADINGS[role];

  const save = (url: string | null) =>
    update.mutate(
      { [role]: url },
      {
        onSuccess: () => notify.success(url ? MESSAGES.demoVideoSaved : MESSAGES.demoVideoDefaultRestored),
        onError: (cause) => setFailure(errorMessage(cause)),
      },
    );

  const upload = (file: File | null) => {
    if (!file) return;
    setFailure(null);
    const controller = new AbortController();
    running.current = controller;
    setProgress(0);
    uploadFile(file, { onProgress: setProgress, signal: controller.signal })
      .then((stored) => save(stored.publicUrl))
      .catch((cause: unknown) => {
        if (!controller.signal.aborted) setFailure(errorMessage(cause));
      })
      .finally(() => {
        setProgress(null);
        resetRef.current?.();
      });
  };

  return (
    <Stack gap="xs" component="section" aria-label={heading}>
      <div>
        <Title order={3} size="h4">
          {heading}
        </Title>
        <Text size="xs" c={own ? 'teal' : 'dimmed'}>
          {own ? LABELS.demoVideoCustom : LABELS.demoVideoDefault}
        </Text>
      </div>
      {shown && (
        // biome-ignore lint/a11y/useMediaCaption: demo videos are uploaded without caption tracks
        <video
          key={shown}
          controls
          preload="metadata"
          src={shown}
          aria-label={heading}
          style={{
            width: '100%',
            aspectRatio: '16 / 9',
            borderRadius: 8,
            background: '#000',
            display: 'block',
          }}
        />
      )}
      {progress !== null && <Progress value={progress} animated aria-label={LABELS.uploadProgress} />}
      <FormError message={failure} />
      <Group gap="xs">
        <FileButton resetRef={resetRef} accept={VIDEO_TYPES} onChange={upload} disabled={busy}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconUpload size={16} />}
              loading={busy && progress !== null}
              aria-label={`${own ? LABELS.replaceDemoVideo : LABELS.uploadDemoVideo}: ${heading}`}
            >
              {own ? LABELS.replaceDemoVideo : LABELS.uploadDemoVideo}
            </Button>
          )}
        </FileButton>
        {own && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRestore size={16} />}
            disabled={busy}
            onClick={() => save(null)}
            aria-label={`${LABELS.useDefaultDemoVideo}: ${heading}`}
          >
            {LABELS.useDefaultDemoVideo}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function DemoVideosForm({ institution }: { institution: Institution }) {
  const videos = useDemoVideos(institution._id);
  if (videos.isPending) return <Loading />;
  if (videos.isError)
    return <LoadFailed message={errorMessage(videos.error)} retry={() => videos.refetch()} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {INSTITUTION_DEMO_VIDEO_ROLES.map((role) => (
        <RoleVideo key={role} institution={institution} role={role} videos={videos.data} />
      ))}
    </SimpleGrid>
  );
}

/** The students' and the faculty's 'Click here for Demo' video of one institution (upload, or the default). */
export function DemoVideosModal({ popup }: { popup: RowPopup }) {
  return (
    <InstitutionPopup
      popup={popup}
      title={({ title }) => formatMessage(LABELS.demoVideosOf, { title })}
      size="xl"
      fullScreenOnPhone
    >
      {(institution) => <DemoVideosForm institution={institution} />}
    </InstitutionPopup>
  );
}
