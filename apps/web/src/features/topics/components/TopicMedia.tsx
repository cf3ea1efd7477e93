import '@mantine/core/styles/AspectRatio.css';
import { AspectRatio, Image } from '@mantine/core';
import type { Topic } from '@portal/shared';

/**
 * Outside players need their own origin's scripts; a portal path never gets allow-same-origin,
 * so a stored file shown in a frame cannot act as the portal.
 */
const frameSandbox = (url: string) =>
  url.startsWith('/')
    ? 'allow-scripts allow-presentation'
    : 'allow-scripts allow-same-origin allow-presentation allow-popups';

const AUDIO_FILE = /\.(mp3|m4a|aac|wav|ogg|oga|opus|flac|weba)([?#].*)?$/i;

/** A link the audio element can play itself (a stored file or an audio file link). */
const playsAsAudio = (url: string) => url.startsWith('/files/') || AUDIO_FILE.test(url);

/** A topic's content: image, audio player, or video (a 'player' link in a frame, else a player). */
export function TopicMedia({ topic }: { topic: Pick<Topic, 'type' | 'content_uri' | 'title'> }) {
  const url = topic.content_uri;
  if (topic.type === 'image') {
    return <Image src={url} alt={topic.title} radius="md" mah={480} w="100%" fit="contain" />;
  }
  if (topic.type === 'audio') {
    if (playsAsAudio(url)) {
      return (
        // biome-ignore lint/a11y/useMediaCaption: teacher-supplied audio has no caption track.
        <audio controls preload="metadata" src={url} style={{ width: '100%' }} aria-label={topic.title} />
      );
    }
    return (
      <iframe
        src={url}
        title={topic.title}
        style={{ width: '100%', height: 166, border: 0, borderRadius: 8 }}
        allow="autoplay"
        referrerPolicy="no-referrer"
        sandbox={frameSandbox(url)}
      />
    );
  }
  if (url.includes('player')) {
    return (
      <AspectRatio ratio={16 / 9}>
        <iframe
          src={url}
          title={topic.title}
          style={{ border: 0, borderRadius: 8 }}
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox={frameSandbox(url)}
        />
      </AspectRatio>
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: teacher-supplied videos have no caption track.
    <video
      controls
      preload="metadata"
      src={url}
      aria-label={topic.title}
      style={{ width: '100%', maxHeight: 520, borderRadius: 8, background: '#000' }}
    />
  );
}
