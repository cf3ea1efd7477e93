import { formatMessage, MESSAGES } from '@portal/shared';

/** A failure with an HTTP status and a message the UI can show as it is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'VALIDATION', message, fields);
export const unauthorized = (message: string = MESSAGES.sessionExpired) =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, 'FORBIDDEN', message);
/** Also the answer for another institution's ids: they must look exactly like missing ones. */
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);

/**
 * 429 for a limit on an account (or an attempt): the message and the Retry-After header say when
 * to try again; `message` replaces the general one.
 */
export class TooManyAttemptsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message?: string,
  ) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(
      429,
      'RATE_LIMITED',
      message ??
        (minutes <= 1
          ? MESSAGES.rateLimited
          : formatMessage(MESSAGES.tooManyAttemptsRetryIn, { minutes: String(minutes) })),
    );
  }
}
