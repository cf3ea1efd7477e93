import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { broadcastChange, onMissedChanges, onRemoteChange } from '../../lib/instance-bus.js';
import { sha256 } from '../../lib/passwords.js';
import { executePrepared } from '../../lib/prepared.js';
import { STEADY_TTL_MS } from '../../lib/read-cache.js';
import { ttlCache } from '../../lib/ttl-cache.js';

/**
 * A sign-in is its bearer token (each carries a random `jti`, so two sign-ins never share one):
 * signing out ends it on the server, so the token and every file cookie issued to it are refused
 * on every instance (`ended_sign_ins`). It is named by a digest of the token, which nothing else
 * needs to store.
 */
export const signInOf = (bearerToken: string) => sha256(bearerToken);

/** The `jti` of a new sign-in's token. */
export const newSignInNonce = () => randomBytes(12).toString('base64url');

/**
 * Whether the sign-in was ended. Every authenticated request and every file served asks, so the
 * answer is kept for a minute per process; an end is sent to the other instances
 * (`lib/instance-bus.ts`), which drop what they kept, as they do for accounts.
 */
const ended = ttlCache<boolean>({ ttlMs: STEADY_TTL_MS, maxEntries: 50_000 });
/** Ends forgotten so far: a lookup that began before an end may have read the row missing. */
const forgotten = new WeakMap<Database, number>();
const forgottenCount = (db: Database) => forgotten.get(db) ?? 0;

function forgetHere(db: Database, signIn?: string) {
  forgotten.set(db, forgottenCount(db) + 1);
  if (signIn === undefined) ended.forgetAll(db);
  else ended.forget(db, signIn);
}

export async function isSignInEnded(db: Database, signIn: string): Promise<boolean> {
  const before = forgottenCount(db);
  return ended.get(
    db,
    signIn,
    async () => {
      const found = await executePrepared(db, sql`select 1 from ended_sign_ins where sign_in = ${signIn}`);
      return found.rows.length > 0;
    },
    (isEnded) => isEnded || forgottenCount(db) === before,
  );
}

/**
 * Ends a sign-in until `until`, after which nothing issued to it is valid anyway; rows past that
 * are deleted on the way (sign-outs are few).
 */
export async function endSignIn(db: Database, signIn: string, until: Date, now: Date): Promise<void> {
  await executePrepared(
    db,
    sql`insert into ended_sign_ins (sign_in, expires_at) values (${signIn}, ${until})
      on conflict (sign_in) do update set expires_at = greatest(ended_sign_ins.expires_at, excluded.expires_at)`,
  );
  await executePrepared(db, sql`delete from ended_sign_ins where expires_at <= ${now}`);
  forgetHere(db, signIn);
  broadcastChange(db, CHANGE, signIn);
}

const CHANGE = 's';
onRemoteChange(CHANGE, (db, signIn) => forgetHere(db, signIn));
onMissedChanges((db) => forgetHere(db));
