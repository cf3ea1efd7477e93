import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { backgroundPool } from './background-pool.js';
import type { PasswordTask } from './passwords.worker.js';

/**
 * Every argon2 hash and verification (~20 ms of CPU at full cost) runs in worker threads at a
 * lowered CPU priority (nice +10): a burst of sign-ins, or a bulk import, takes the cores the
 * students' reads leave free instead of taking them from those reads.
 */
// argon2's memory is native (19 MiB a hash), not the thread's heap.
const pool = backgroundPool('passwords.worker', 10, { oldMb: 48, youngMb: 8 });
const inWorker = <Result extends string | boolean>(task: PasswordTask) => pool.run<Result>(task);
export const closePasswordPool = () => pool.close();

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended floor.
export const hashPassword = (password: string) => inWorker<string>({ kind: 'hash', password });

/**
 * For passwords the portal generates (generatePassword: ~47 random bits) that must be changed at
 * the first sign-in, where the chosen password gets hashPassword's full cost. At this cost (about
 * 1 ms per guess on one core) finding one still takes thousands of core-years, and a 2,000-student
 * import hashes all its passwords within its time budget on a small server; the full cost would
 * take ~15x longer.
 */
export const hashGeneratedPassword = (password: string) =>
  inWorker<string>({ kind: 'hash', password, options: { memoryCost: 4096, timeCost: 1 } });

/** A hash made by hashGeneratedPassword (argon2id's PHC string carries its parameters). */
export const isGeneratedPasswordHash = (passwordHash: string) => passwordHash.includes('$m=4096,t=1,');

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  inWorker<boolean>({ kind: 'verify', hash: passwordHash, password });

// Stand-ins for the hash a sign-in does not have: no password matches them.
let decoys: Promise<{ chosen: string; generated: string }> | undefined;
function decoyHashes() {
  decoys ??= (async () => {
    const secret = randomBytes(16).toString('hex');
    return { chosen: await hashPassword(secret), generated: await hashGeneratedPassword(secret) };
  })();
  return decoys;
}

/**
 * A sign-in's password check, costing the same whatever the account: one full-cost and one cheap
 * verification, in that order, for an unknown username (`undefined`), a chosen password and a
 * still-generated one alike. The kind the account lacks is checked against a decoy, so the time
 * taken tells nothing about whether the account exists or still has its generated password.
 */
export async function verifyPasswordEvenly(passwordHash: string | undefined, password: string) {
  const decoy = await decoyHashes();
  const generated = passwordHash !== undefined && isGeneratedPasswordHash(passwordHash);
  const chosenValid = await verifyPassword(
    passwordHash && !generated ? passwordHash : decoy.chosen,
    password,
  );
  const generatedValid = await verifyPassword(generated ? passwordHash : decoy.generated, password);
  if (passwordHash === undefined) return false;
  return generated ? generatedValid : chosenValid;
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
