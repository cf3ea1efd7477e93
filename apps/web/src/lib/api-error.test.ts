import { MESSAGES } from '@portal/shared/messages';
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, isNotAvailable, toApiError, unwrapData } from './api-error';

describe('toApiError', () => {
  it('takes code, message and fields from the error envelope', () => {
    const error = toApiError(400, {
      error: { code: 'VALIDATION', message: 'Bad input', fields: { new_password: 'Too short', n: 3 } },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Bad input' });
    expect(error.fields).toEqual({ new_password: 'Too short' });
  });

  it('falls back to the generic text for a body that is not the envelope', () => {
    for (const body of [undefined, null, 'Bad Gateway', { message: 'x' }, { error: 'x' }]) {
      const error = toApiError(502, body);
      expect(error).toMatchObject({ status: 502, code: 'HTTP_502', message: MESSAGES.genericError });
      expect(error.fields).toEqual({});
    }
  });

  it('keeps the code when the message is empty', () => {
    expect(toApiError(429, { error: { code: 'RATE_LIMITED', message: '' } })).toMatchObject({
      code: 'RATE_LIMITED',
      message: MESSAGES.genericError,
    });
  });
});

describe('unwrapData', () => {
  it('returns data, including falsy data', () => {
    expect(unwrapData(200, { data: { sent: true } })).toEqual({ sent: true });
    expect(unwrapData(200, { data: null })).toBeNull();
    expect(unwrapData(200, { data: 0 })).toBe(0);
  });

  it('rejects a success without the envelope', () => {
    expect(() => unwrapData(200, { sent: true })).toThrow(ApiError);
    expect(() => unwrapData(204, undefined)).toThrow(MESSAGES.genericError);
  });
});

describe('errorMessage', () => {
  it('shows an ApiError message and hides anything else', () => {
    expect(errorMessage(new ApiError(429, 'RATE_LIMITED', 'Slow down'))).toBe('Slow down');
    expect(errorMessage(new TypeError('x is undefined'))).toBe(MESSAGES.genericError);
  });
});

describe('isNotAvailable', () => {
  it('takes a refusal or an unknown id as not the caller’s to see', () => {
    expect(isNotAvailable(new ApiError(403, 'FORBIDDEN', 'x'))).toBe(true);
    expect(isNotAvailable(new ApiError(404, 'NOT_FOUND', 'x'))).toBe(true);
  });

  it('leaves other failures to the load-failed state', () => {
    for (const status of [0, 400, 409, 429, 500]) {
      expect(isNotAvailable(new ApiError(status, 'X', 'x'))).toBe(false);
    }
    expect(isNotAvailable(new Error('boom'))).toBe(false);
  });
});
