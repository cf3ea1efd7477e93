import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sha256 } from '../../lib/passwords.js';
import { executePrepared } from '../../lib/prepared.js';
import { forgetAccount } from './account-cache.js';

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
 * Ends a sign-in of `userId` until `until`, after which nothing issued to it is valid anyway; rows
 * past that are deleted on the way (sign-outs are few). The account's row lists its ended
 * sign-ins, so the account is dropped from every instance's cache, as for a password change.
 */
export async function endSignIn(db: Database, userId: string, signIn: string, until: Date, now: Date) {
  await executePrepared(
    db,
    sql`insert into ended_sign_ins (sign_in, user_id, expires_at)
      select ${signIn}, id, ${until} from users where id = ${userId}
      on conflict (sign_in) do nothing`,
  );
  await executePrepared(db, sql`delete from ended_sign_ins where expires_at <= ${now}`);
  forgetAccount(db, userId);
}
