import { SIGN_IN_MESSAGES } from '@portal/shared/sign-in-messages';

/** A failed API call: the HTTP status and the server's `{ error: { code, message, fields } }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringFields(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const fields: Record<string, string> = {};
  for (const [key, text] of Object.entries(value)) {
    if (typeof text === 'string') fields[key] = text;
  }
  return fields;
}

/** Builds the ApiError for a failed response from its status and (possibly missing or foreign) body. */
export function toApiError(status: number, body: unknown): ApiError {
  const error = isRecord(body) ? body.error : undefined;
  if (isRecord(error)) {
    const code = typeof error.code === 'string' && error.code ? error.code : `HTTP_${status}`;
    const message =
      typeof error.message === 'string' && error.message ? error.message : SIGN_IN_MESSAGES.genericError;
    return new ApiError(status, code, message, stringFields(error.fields));
  }
  return new ApiError(status, `HTTP_${status}`, SIGN_IN_MESSAGES.genericError);
}

/** Returns `data` of a success envelope; a body without one is a protocol error. */
export function unwrapData<T>(status: number, body: unknown): T {
  if (isRecord(body) && 'data' in body) return body.data as T;
  throw new ApiError(status, 'BAD_RESPONSE', SIGN_IN_MESSAGES.genericError);
}

/**
 * A read refused (403) or of an id the server does not know for the caller (404, as for another
 * institution's): either way the row is not the caller's to see, and the page says so.
 */
export function isNotAvailable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 404);
}

/** The text to show for any error thrown by a call (an ApiError's message, else the generic text). */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : SIGN_IN_MESSAGES.genericError;
}
