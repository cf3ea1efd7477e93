import { SIGN_IN_MESSAGES } from '@portal/shared/sign-in-messages';
import { ApiError, PASSWORD_CHANGE_REQUIRED, toApiError, unwrapData } from './api-error';
import { getAccount, signOut, updateAccount } from './session';

export { ApiError, errorMessage, isNotAvailable } from './api-error';

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the session's bearer token (default). Public calls (login, OTP, config) pass false. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Let the request outlive the page (a last event as the tab closes). */
  keepalive?: boolean;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Calls `/api{path}` and returns the `data` of the envelope, or throws an ApiError. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const {
    method = options.body === undefined ? 'GET' : 'POST',
    body,
    auth = true,
    signal,
    keepalive,
  } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? getAccount()?.jwt : undefined;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      keepalive,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK', SIGN_IN_MESSAGES.genericError);
  }

  const json = await readJson(response);
  if (response.ok) return unwrapData<T>(response.status, json);

  const error = toApiError(response.status, json);
  // Only a token that was actually sent can have expired; a failed login is just a failed login.
  if (token && getAccount()?.jwt === token) {
    if (error.status === 401) signOut('expired');
    else if (error.status === 403 && error.code === PASSWORD_CHANGE_REQUIRED) {
      updateAccount({ must_change_password: true });
    }
  }
  throw error;
}
