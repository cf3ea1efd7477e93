import { UTF8_BOM } from '@portal/shared/constants';
import { MESSAGES } from '@portal/shared/messages';
import { ApiError, toApiError } from './api-error';
import { getAccount, signOut } from './session';

/** Hands the browser a file to save under `filename`. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function filenameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return disposition.match(/filename="([^"]+)"/)?.[1] ?? fallback;
}

/**
 * Fetches a file the API renders (PDF lists, credential sheets) with the session's token and saves
 * it. Failures throw an ApiError like every other call.
 */
export async function downloadFromApi(
  path: string,
  options: { body?: unknown; fallbackName: string },
): Promise<void> {
  const token = getAccount()?.jwt;
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.body === undefined ? 'GET' : 'POST',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', MESSAGES.genericError);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    if (response.status === 401 && token && getAccount()?.jwt === token) signOut('expired');
    throw toApiError(response.status, body);
  }
  saveFile(await response.blob(), filenameOf(response, options.fallbackName));
}

/** A CSV template: the header row of an import file, after the byte-order mark every portal CSV has. */
export function saveCsvTemplate(columns: readonly string[], filename: string) {
  saveFile(new Blob([`${UTF8_BOM}${columns.join(',')}\n`], { type: 'text/csv;charset=utf-8' }), filename);
}
