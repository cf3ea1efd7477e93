import { createHmac } from 'node:crypto';
import { MESSAGES } from '@portal/shared';
import { parseCookie, stringifySetCookie } from 'cookie';
import { createSigner, createVerifier } from 'fast-jwt';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { AppError, unauthorized } from '../../lib/app-error.js';
import { FILES_PREFIX } from '../../lib/storage.js';
import type { AuthUser } from '../../plugins/auth.js';
import { CLOCK_SKEW_MS } from '../../plugins/verified-tokens.js';
import { loadAuthUser } from '../auth/auth.repository.js';

/**
 * `<img>`, `<video>`, `<audio>` and a note opened in a new tab cannot send the bearer token, so
 * signing in also sets this cookie. It is HttpOnly, sent only to `/files/` and only by same-site
 * requests (SameSite=Lax), and carries a signed credential naming the account, its token_version
 * and the sign-in it was issued to: every file request re-checks the account and the sign-in, so
 * a password change, a reset, an archive or signing out revokes it at once, like the token.
 */
export const FILE_SESSION_COOKIE = 'portal_files';

/** The web app renews the credential every half hour while signed in; it lives two hours. */
export const FILE_SESSION_SECONDS = 2 * 60 * 60;

interface FileCredential {
  sub: string;
  tv: number;
  /** The sign-in (`modules/auth/sign-ins.ts`). */
  si: string;
  /** Issued and expiring, in seconds by `deps.clock`; both required. */
  iat: number;
  exp: number;
}

type Sign = (payload: FileCredential) => string;
type Verify = (token: string) => unknown;

// A key of its own (derived from the token secret), so a bearer token is never a file credential
// and a file credential is never a bearer token.
export const fileSessionKey = (jwtSecret: string) =>
  createHmac('sha256', jwtSecret).update('portal file access').digest('hex');

const tools = new WeakMap<AppDeps, { sign: Sign; verify: Verify }>();

function toolsOf(deps: AppDeps) {
  let found = tools.get(deps);
  if (!found) {
    const key = fileSessionKey(deps.jwtSecret);
    found = {
      // `iat` comes in the payload (from deps.clock), so the library's own clock never sets it.
      sign: createSigner({ key, algorithm: 'HS256' }) as Sign,
      // Issue and expiry times are checked against deps.clock below, not the machine's time.
      verify: createVerifier({ key, algorithms: ['HS256'], ignoreExpiration: true, cache: 10_000 }),
    };
    tools.set(deps, found);
  }
  return found;
}

/** The cookie is marked Secure whenever the portal is reached over HTTPS (directly or behind a proxy). */
export const isHttps = (request: FastifyRequest) => request.protocol === 'https';

const cookieAttributes = (secure: boolean) =>
  ({ httpOnly: true, secure, sameSite: 'lax', path: FILES_PREFIX }) as const;

/** A `Set-Cookie` value giving `user`, in the sign-in `signIn`, access to files for the next two hours. */
export function fileSessionCookie(
  deps: AppDeps,
  user: Pick<AuthUser, 'userId' | 'tokenVersion'>,
  signIn: string,
  secure: boolean,
): { cookie: string; expiresAt: Date } {
  const iat = Math.floor(deps.clock.now().getTime() / 1000);
  const exp = iat + FILE_SESSION_SECONDS;
  const value = toolsOf(deps).sign({ sub: user.userId, tv: user.tokenVersion, si: signIn, iat, exp });
  const cookie = stringifySetCookie({
    name: FILE_SESSION_COOKIE,
    value,
    maxAge: FILE_SESSION_SECONDS,
    ...cookieAttributes(secure),
  });
  return { cookie, expiresAt: new Date(exp * 1000) };
}

/** A `Set-Cookie` value that removes the credential from the browser (sign-out). */
export function clearedFileSessionCookie(secure: boolean): string {
  return stringifySetCookie({
    name: FILE_SESSION_COOKIE,
    value: '',
    maxAge: 0,
    expires: new Date(0),
    ...cookieAttributes(secure),
  });
}

function isCredential(value: unknown): value is FileCredential {
  const credential = value as Partial<FileCredential> | null;
  return (
    typeof credential?.sub === 'string' &&
    typeof credential.tv === 'number' &&
    typeof credential.si === 'string' &&
    typeof credential.iat === 'number' &&
    typeof credential.exp === 'number'
  );
}

/** Issued by now (give or take another instance's clock) and not yet expired. */
const isCurrent = (credential: FileCredential, now: number) =>
  credential.iat * 1000 <= now + CLOCK_SKEW_MS && credential.exp * 1000 > now;

/**
 * The account a `/files/` request comes from: 401 without a valid, current credential of an
 * active account and a sign-in not ended (as the API answers a missing token), 403 while a
 * generated password must still be changed.
 */
export async function fileSessionUser(deps: AppDeps, cookieHeader: string | undefined): Promise<AuthUser> {
  const value = cookieHeader ? parseCookie(cookieHeader)[FILE_SESSION_COOKIE] : undefined;
  if (!value) throw unauthorized();
  let credential: unknown;
  try {
    credential = toolsOf(deps).verify(value);
  } catch {
    throw unauthorized();
  }
  if (!isCredential(credential) || !isCurrent(credential, deps.clock.now().getTime())) throw unauthorized();
  const user = await loadAuthUser(deps.db, credential.sub);
  if (
    !user ||
    user.inactive ||
    user.tokenVersion !== credential.tv ||
    user.endedSignIns.includes(credential.si)
  ) {
    throw unauthorized();
  }
  if (user.mustChangePassword)
    throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', MESSAGES.passwordChangeRequired);
  return user;
}
