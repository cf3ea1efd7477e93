import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended floor.
export const hashPassword = (password: string) => hash(password);

/**
 * For passwords the portal generates (generatePassword: ~47 random bits) that must be changed at
 * the first sign-in, where the chosen password gets hashPassword's full cost. At this cost (about
 * 1 ms per guess on one core) finding one still takes thousands of core-years, and a 2,000-student
 * import hashes all its passwords within its time budget on a small server; the full cost would
 * take ~15x longer.
 */
export const hashGeneratedPassword = (password: string) => hash(password, { memoryCost: 4096, timeCost: 1 });

/** A hash made by hashGeneratedPassword (argon2id's PHC string carries its parameters). */
export const isGeneratedPasswordHash = (passwordHash: string) => passwordHash.includes('$m=4096,t=1,');

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when a username is unknown, so a miss costs the same time as a wrong password.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

/** A readable generated password: letters and digits without look-alikes, plus a symbol and digit. */
export function generatePassword(length = 10): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
  const digits = '23456789';
  let password = '';
  for (let index = 0; index < length - 2; index += 1) password += letters[randomInt(letters.length)];
  return `${password}@${digits[randomInt(digits.length)]}`;
}

export const generateOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
export const generateToken = () => randomBytes(32).toString('base64url');

/** One-way digest for OTPs and one-time tokens: they are looked up, never read back. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
