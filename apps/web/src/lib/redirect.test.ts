import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_LOGIN, loginPathFor, redirectTargetFrom, safeRedirectTarget } from './redirect';

describe('safeRedirectTarget', () => {
  it('keeps an in-app path with its query', () => {
    expect(safeRedirectTarget('/student/list?batch=abc')).toBe('/student/list?batch=abc');
  });

  it.each([
    null,
    undefined,
    '',
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login',
    '/login?next=/x',
    '/forgot-password',
    '/',
    '/dashboard\n',
  ])('falls back to the dashboard for %j', (next) => {
    expect(safeRedirectTarget(next)).toBe(DEFAULT_AFTER_LOGIN);
  });
});

describe('loginPathFor', () => {
  it('remembers path and query', () => {
    const path = loginPathFor({ pathname: '/me/doubts', search: '?subject=1&tab=all' });
    expect(path).toBe('/login?next=%2Fme%2Fdoubts%3Fsubject%3D1%26tab%3Dall');
    expect(redirectTargetFrom(path.slice('/login'.length))).toBe('/me/doubts?subject=1&tab=all');
  });

  it('needs no parameter for the default destination', () => {
    expect(loginPathFor({ pathname: '/dashboard', search: '' })).toBe('/login');
    expect(loginPathFor({ pathname: '/', search: '' })).toBe('/login');
  });
});

describe('redirectTargetFrom', () => {
  it('defaults to the dashboard without a parameter', () => {
    expect(redirectTargetFrom('')).toBe('/dashboard');
  });

  it('refuses a foreign site in the parameter', () => {
    expect(redirectTargetFrom('?next=https%3A%2F%2Fevil.example')).toBe('/dashboard');
  });
});
