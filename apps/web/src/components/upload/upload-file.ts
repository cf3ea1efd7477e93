import { UPLOAD_LIMIT_BYTES, type UploadPurpose } from '@portal/shared/constants';
import { MESSAGES } from '@portal/shared/messages';
import { ApiError, toApiError, unwrapData } from '../../lib/api-error';
import { getAccount, signOut } from '../../lib/session';

/** A file stored through `POST /api/s3/v2`. */
export interface StoredFile {
  publicUrl: string;
  filename: string;
}

/** Refused before sending: the server would answer 413 with the same text. */
export const isTooLarge = (file: File) => file.size > UPLOAD_LIMIT_BYTES;

/**
 * Sends one file as multipart field `file`. XMLHttpRequest rather than fetch, because only it
 * reports upload progress. `onProgress` receives 0-100. `purpose` `import` keeps the file private
 * to the uploader and the institution's moderators.
 */
export function uploadFile(
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal; purpose?: UploadPurpose } = {},
): Promise<StoredFile> {
  if (isTooLarge(file)) {
    return Promise.reject(new ApiError(413, 'FILE_TOO_LARGE', MESSAGES.fileTooLarge));
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = getAccount()?.jwt;
    xhr.open('POST', options.purpose ? `/api/s3/v2?purpose=${options.purpose}` : '/api/s3/v2');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(unwrapData<StoredFile>(xhr.status, body));
        } catch (error) {
          reject(error);
        }
        return;
      }
      if (xhr.status === 401 && token && getAccount()?.jwt === token) signOut('expired');
      reject(toApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', MESSAGES.unableToUpload));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
