import { describe, expect, it } from 'vitest';
import { hashGeneratedPassword, hashPassword, isGeneratedPasswordHash, verifyPassword } from './passwords.js';

describe('password hashes', () => {
  it('tells a generated password’s cheap hash from a chosen password’s full-cost one', async () => {
    const generated = await hashGeneratedPassword('Kx7pQ@3');
    const chosen = await hashPassword('my own password');
    expect(isGeneratedPasswordHash(generated)).toBe(true);
    expect(isGeneratedPasswordHash(chosen)).toBe(false);
    expect(await verifyPassword(generated, 'Kx7pQ@3')).toBe(true);
    expect(await verifyPassword(generated, 'wrong')).toBe(false);
  });
});
