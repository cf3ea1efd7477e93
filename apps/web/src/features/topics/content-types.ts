import type { ContentType } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';

/** How a topic's content type is named on cards and in the topic form. */
export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  image: LABELS.typeImage,
  audio: LABELS.typeAudio,
  video: LABELS.typeVideo,
};
