import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended floor.
export const hashPassword = (password: string) => hash(password);

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
