import { UPLOAD_LIMIT_BYTES } from '@portal/shared/constants';
import { MESSAGES } from '@portal/shared/messages';
import { ApiError, toApiError, unwrapData } from '../../lib/api-error';
import { getAccount, signOut } from '../../lib/session';

export interface UploadedFile {
  publicUrl: string;
  filename: string;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/s3/v2 (multipart field `file`). XMLHttpRequest rather than fetch, because only it
 * reports upload progress; `onProgress` receives 0-100.
 */
export function uploadFile(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  if (file.size > UPLOAD_LIMIT_BYTES)
    return Promise.reject(new ApiError(413, 'TOO_LARGE', MESSAGES.fileTooLarge));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const token = getAccount()?.jwt;
    request.open('POST', '/api/s3/v2');
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = parse(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(unwrapData<UploadedFile>(request.status, body));
        } catch (error) {
          reject(error);
        }
        return;
      }
      if (request.status === 401 && token && getAccount()?.jwt === token) signOut('expired');
      reject(toApiError(request.status, body));
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', MESSAGES.genericError));
    request.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
