import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface LocalSecrets {
  jwt_secret: string;
  postgres_password: string;
}

/**
 * Secrets generated once for a data directory and kept in DATA_DIR/secrets.json (mode 0600),
 * so embedded mode needs no setup and survives restarts.
 */
export async function loadLocalSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing) return JSON.parse(existing) as LocalSecrets;
  const secrets: LocalSecrets = {
    jwt_secret: randomBytes(48).toString('base64url'),
    postgres_password: randomBytes(24).toString('base64url'),
  };
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  await fs.writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
  return secrets;
}
