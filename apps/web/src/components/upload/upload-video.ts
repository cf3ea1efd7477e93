import { MESSAGES } from '@portal/shared/messages';
import { type DetailedError, Upload } from 'tus-js-client';
import { getAccount } from '../../lib/session';

export const VIDEO_ENDPOINT = '/api/uploads/videos';
const CHUNK_SIZE = 5 * 1024 * 1024;
const VIDEO_NAME = /\.(mp4|m4v|webm|mov)$/i;

export const isVideoFile = (file: File) => VIDEO_NAME.test(file.name);

export interface VideoUpload {
  /** Resolves with the stored video's public URL once the last piece is accepted. */
  done: Promise<string>;
  abort: () => void;
}

/** The server's own text for a refused upload (it answers plain text), else the generic one. */
function failureText(error: Error | DetailedError): string {
  const body = 'originalResponse' in error ? error.originalResponse?.getBody() : undefined;
  const known = Object.values(MESSAGES) as string[];
  return body && known.includes(body.trim()) ? body.trim() : MESSAGES.unableToUpload;
}

/**
 * Uploads a video resumably (tus): the upload is created, then sent in 5 MB pieces; an
 * interrupted upload of the same file resumes where it stopped. The finished file's URL comes in
 * the last response's `Upload-Public-Url` header.
 */
export function uploadVideo(file: File, onProgress: (percent: number) => void): VideoUpload {
  let publicUrl: string | undefined;
  let upload: Upload | undefined;
  const done = new Promise<string>((resolve, reject) => {
    if (!isVideoFile(file)) {
      reject(new Error(MESSAGES.videoOnly));
      return;
    }
    upload = new Upload(file, {
      endpoint: VIDEO_ENDPOINT,
      chunkSize: CHUNK_SIZE,
      retryDelays: [0, 1000, 3000, 5000],
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type },
      // The token is read per request, so a long upload uses the session's current one.
      onBeforeRequest(request) {
        const token = getAccount()?.jwt;
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      onAfterResponse(_request, response) {
        const url = response.getHeader('Upload-Public-Url');
        if (url) publicUrl = url;
      },
      onProgress(sent, total) {
        onProgress(total > 0 ? Math.round((sent / total) * 100) : 0);
      },
      onSuccess() {
        if (publicUrl) resolve(publicUrl);
        else reject(new Error(MESSAGES.unableToUpload));
      },
      onError(error) {
        reject(new Error(failureText(error)));
      },
    });
    const started = upload;
    void started
      .findPreviousUploads()
      .then((previous) => {
        const last = previous[0];
        if (last) started.resumeFromPreviousUpload(last);
      })
      .catch(() => {})
      .finally(() => started.start());
  });
  return {
    done,
    abort: () => {
      void upload?.abort();
    },
  };
}
