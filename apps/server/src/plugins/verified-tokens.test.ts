import { describe, expect, it } from 'vitest';
import {
  bearerTokenOf,
  CLOCK_SKEW_MS,
  VERIFIED_MAX_TOKENS,
  VERIFIED_TTL_MS,
  verifiedTokens,
} from './verified-tokens.js';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const seconds = (ms: number) => Math.floor(ms / 1000);

/** A verifier that accepts tokens named `good:<exp ms>` and counts its calls. */
function fakeVerifier(clock: { now: number }) {
  const calls: string[] = [];
  const verify = (token: string) => {
    calls.push(token);
    const [kind, exp] = token.split(':');
    if (kind !== 'good' && kind !== 'future') throw new Error('bad signature');
    if (Number(exp) <= clock.now) throw new Error('expired');
    const iat = kind === 'future' ? seconds(clock.now + CLOCK_SKEW_MS + 5_000) : seconds(clock.now);
    return { sub: 'user-1', tv: 1, iat, exp: seconds(Number(exp)) };
  };
  return { verify, calls };
}

/** A checker on a clock of its own, naming each sign-in by its token. */
function checker() {
  const clock = { now: NOW };
  const { verify, calls } = fakeVerifier(clock);
  return {
    clock,
    calls,
    check: verifiedTokens(
      verify,
      (token) => token,
      () => clock.now,
    ),
  };
}

describe('verified bearer tokens', () => {
  it('checks a token once, then answers it from memory with its sign-in', () => {
    const clock = { now: NOW };
    const { verify, calls } = fakeVerifier(clock);
    const signIns: string[] = [];
    const check = verifiedTokens(
      verify,
      (token) => {
        signIns.push(token);
        return `signin-${token}`;
      },
      () => clock.now,
    );
    const token = `good:${NOW + 3_600_000}`;
    const first = check(token);
    clock.now += 1_000;
    const second = check(token);
    expect(first?.claims.sub).toBe('user-1');
    expect(second).toBe(first);
    expect(second?.signIn).toBe(`signin-${token}`);
    expect(calls).toEqual([token]);
    expect(signIns).toEqual([token]);
  });

  it('checks the token again after a minute, and refuses it once expired though it was kept', () => {
    const { clock, calls, check } = checker();
    const long = `good:${NOW + 3_600_000}`;
    const short = `good:${NOW + 10_000}`;
    expect(check(long)).not.toBeNull();
    expect(check(short)).not.toBeNull();
    clock.now += 10_000;
    // Expired exactly now: not answered from memory, and the verifier refuses it.
    expect(check(short)).toBeNull();
    clock.now += VERIFIED_TTL_MS;
    expect(check(long)).not.toBeNull();
    expect(calls).toEqual([long, short, short, long]);
  });

  it('keeps no refused token, and refuses one issued beyond the clock skew', () => {
    const { calls, check } = checker();
    expect(check('forged:1')).toBeNull();
    expect(check('forged:1')).toBeNull();
    const future = `future:${NOW + 3_600_000}`;
    expect(check(future)).toBeNull();
    expect(check(future)).toBeNull();
    expect(calls).toEqual(['forged:1', 'forged:1', future, future]);
  });

  it('refuses claims without a subject or token version', () => {
    const check = verifiedTokens(
      () => ({ sub: 42, tv: 1, iat: seconds(NOW), exp: seconds(NOW) + 60 }),
      (token) => token,
      () => NOW,
    );
    expect(check('any')).toBeNull();
  });

  it('keeps at most its limit of tokens, dropping the oldest first', () => {
    const { calls, check } = checker();
    const tokens = Array.from(
      { length: VERIFIED_MAX_TOKENS + 1 },
      (_, index) => `good:${NOW + 3_600_000 + index}`,
    );
    for (const token of tokens) check(token);
    calls.length = 0;
    check(tokens[VERIFIED_MAX_TOKENS]!);
    check(tokens[1]!);
    expect(calls).toEqual([]);
    check(tokens[0]!);
    expect(calls).toEqual([tokens[0]]);
  });
});

describe('bearerTokenOf', () => {
  it('reads the token of a Bearer header, in any case of the scheme', () => {
    expect(bearerTokenOf('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerTokenOf('bearer abc')).toBe('abc');
  });

  it('answers null for anything else', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Basic abc',
      'Bearer  abc',
      'Bearer a b',
      'Bearerabc',
    ]) {
      expect(bearerTokenOf(header)).toBeNull();
    }
  });
});
