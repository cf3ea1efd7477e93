import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.js';
import type { Database } from '../client.js';
import { users } from '../schema/index.js';

/** Creates the first owner from OWNER_USERNAME / OWNER_PASSWORD when the portal has none. */
export async function ensureFirstOwner(
  db: Database,
  owner: { username?: string; password?: string; email?: string },
): Promise<'created' | 'exists' | 'not-configured'> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.permission, 'owner'))
    .limit(1);
  if (existing) return 'exists';
  if (!owner.username || !owner.password) return 'not-configured';
  await db.insert(users).values({
    username: owner.username,
    passwordHash: await hashPassword(owner.password),
    permission: 'owner',
    email: owner.email ?? null,
  });
  return 'created';
}
