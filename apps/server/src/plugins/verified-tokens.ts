import { STEADY_TTL_MS } from '../lib/read-cache.js';

/** How far ahead of this machine's clock another instance's may be when it issues a credential. */
export const CLOCK_SKEW_MS = 60_000;
/**
 * A checked token is checked again after this long, and never used past its expiry: as long as the
 * kept reads, so students signed in minutes before a paper opens are not all checked again in its
 * first seconds.
 */
export const VERIFIED_TTL_MS = STEADY_TTL_MS;
/** Tokens kept at most; the oldest is dropped first (a school's signed-in students fit twice over). */
export const VERIFIED_MAX_TOKENS = 10_000;

/** The claims the portal's bearer tokens carry (`plugins/auth.ts`). */
export interface TokenClaims {
  sub: string;
  /** The user's token_version when the token was issued. */
  tv: number;
  /** Random per sign-in, so no two sign-ins share a token (a sign-out ends exactly one). */
  jti?: string;
  /** Seconds since the epoch, set by the JWT library when signing; both are required. */
  iat?: number;
  exp?: number;
}

export interface VerifiedToken {
  claims: TokenClaims;
  /** The sign-in the token is (`modules/auth/sign-ins.ts`). */
  signIn: string;
  /** Epoch ms until which the check holds. */
  until: number;
}

/**
 * Bearer tokens whose signature and claims were checked, kept by the token's own text: every
 * request presents one, and checking its signature and naming its sign-in (two digests) cost
 * more than the rest of a cached read's sign-in check. Only tokens that passed are kept, each for
 * `VERIFIED_TTL_MS` at most and never past its expiry. Revocation does not depend on this: the
 * account's token_version and ended sign-ins are checked on each request against the account.
 *
 * `verify` checks the signature and the required claims (and throws otherwise); `signInOf` names
 * the token's sign-in; `now` is this machine's clock, which the JWT library times tokens by.
 */
export function verifiedTokens(
  verify: (token: string) => unknown,
  signInOf: (token: string) => string,
  now: () => number = Date.now,
) {
  const kept = new Map<string, VerifiedToken>();
  return (token: string): VerifiedToken | null => {
    const at = now();
    const hit = kept.get(token);
    if (hit && hit.until > at) return hit;
    if (hit) kept.delete(token);
    let claims: TokenClaims;
    try {
      claims = verify(token) as TokenClaims;
    } catch {
      return null;
    }
    if (typeof claims?.sub !== 'string' || typeof claims.tv !== 'number') return null;
    // A token issued in the future (beyond the skew between instances' clocks) is refused.
    if ((claims.iat ?? 0) * 1000 > at + CLOCK_SKEW_MS) return null;
    const entry = {
      claims,
      signIn: signInOf(token),
      until: Math.min(at + VERIFIED_TTL_MS, (claims.exp ?? 0) * 1000),
    };
    if (kept.size >= VERIFIED_MAX_TOKENS) kept.delete(kept.keys().next().value as string);
    kept.set(token, entry);
    return entry;
  };
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerTokenOf(header: string | undefined): string | null {
  if (typeof header !== 'string' || header.length <= 7) return null;
  if (header.charCodeAt(6) !== 32 || header.slice(0, 6).toLowerCase() !== 'bearer') return null;
  const token = header.slice(7);
  return token.includes(' ') ? null : token;
}
