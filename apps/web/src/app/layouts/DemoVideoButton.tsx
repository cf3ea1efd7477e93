import { ActionIcon, Button, Center, Loader, Modal, Text } from '@mantine/core';
import { activeLanguage } from '@portal/shared/i18n/active';
import { htmlLang, LANGUAGE_NAMES } from '@portal/shared/i18n/languages';
import { LABELS, MESSAGES } from '@portal/shared/messages';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useDemoVideo } from '../../features/auth/api';
import { errorMessage } from '../../lib/api';

function DemoVideo() {
  const video = useDemoVideo(true);
  if (video.isPending) {
    return (
      <Center h={200}>
        <Loader role="status" aria-label={LABELS.loading} />
      </Center>
    );
  }
  if (video.isError) return <Text c="red">{errorMessage(video.error)}</Text>;
  if (!video.data.url) return <Text>{MESSAGES.noDemoVideo}</Text>;
  const { url, captions } = video.data;
  // The viewer's language is the track shown at first; the others stay in the player's menu.
  const viewerLanguage = htmlLang(activeLanguage());
  return (
    // The portal's recordings carry captions; an institution's own upload has none (ACCESSIBILITY.md).
    // biome-ignore lint/a11y/useMediaCaption: the track is there whenever the video has captions
    <video
      key={url}
      controls
      playsInline
      preload="metadata"
      aria-label={LABELS.demoVideo}
      src={url}
      style={{ width: '100%', maxHeight: '70vh', borderRadius: 8, background: '#000', display: 'block' }}
    >
      {captions.map((track) => (
        <track
          key={track.language}
          kind="captions"
          src={track.url}
          srcLang={track.language}
          label={LANGUAGE_NAMES[track.language]}
          default={track.language === viewerLanguage}
        />
      ))}
    </video>
  );
}

/**
 * 'Click here for Demo' (learning "Header and notifications"): students and faculty see the video
 * their institution set for their role, else the portal's recording of their role's screens.
 */
export function DemoVideoButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconPlayerPlay size={16} />}
        onClick={() => setOpened(true)}
        visibleFrom="sm"
      >
        {MESSAGES.clickForDemo}
      </Button>
      <ActionIcon
        variant="light"
        size="lg"
        onClick={() => setOpened(true)}
        hiddenFrom="sm"
        aria-label={MESSAGES.clickForDemo}
      >
        <IconPlayerPlay size={18} />
      </ActionIcon>
      <Modal opened={opened} onClose={() => setOpened(false)} title={LABELS.demoVideo} size="xl">
        <DemoVideo />
      </Modal>
    </>
  );
}
