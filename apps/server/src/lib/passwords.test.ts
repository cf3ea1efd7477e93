import { describe, expect, it } from 'vitest';
import {
  hashGeneratedPassword,
  hashPassword,
  isGeneratedPasswordHash,
  verifyPassword,
  verifyPasswordEvenly,
} from './passwords.js';

describe('password hashes', () => {
  it('tells a generated password’s cheap hash from a chosen password’s full-cost one', async () => {
    const generated = await hashGeneratedPassword('Kx7pQ@3');
    const chosen = await hashPassword('my own password');
    expect(isGeneratedPasswordHash(generated)).toBe(true);
    expect(isGeneratedPasswordHash(chosen)).toBe(false);
    expect(await verifyPassword(generated, 'Kx7pQ@3')).toBe(true);
    expect(await verifyPassword(generated, 'wrong')).toBe(false);
  });

  it('checks a sign-in against the account’s own hash, and refuses an unknown account', async () => {
    const generated = await hashGeneratedPassword('Kx7pQ@3');
    const chosen = await hashPassword('my own password');
    expect(await verifyPasswordEvenly(generated, 'Kx7pQ@3')).toBe(true);
    expect(await verifyPasswordEvenly(generated, 'my own password')).toBe(false);
    expect(await verifyPasswordEvenly(chosen, 'my own password')).toBe(true);
    expect(await verifyPasswordEvenly(chosen, 'Kx7pQ@3')).toBe(false);
    expect(await verifyPasswordEvenly(undefined, 'my own password')).toBe(false);
  });
});
