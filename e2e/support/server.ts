import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const SUPPORT = { phone: '+91 98765 43210', email: 'help@portal.test' };

/**
 * Starts the built portal (`apps/server/dist/main.js`, which serves `apps/web/dist`) on a scratch
 * DATA_DIR, so every spec file begins from a freshly seeded demo institution.
 */
export async function startPortal(options: { smtpUrl: string; name: string }) {
  // The port is free when picked but not held: the portal's embedded PostgreSQL, starting first,
  // may pick the same one. Then the portal cannot listen, and starts again on another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startPortalOn(await freePort(), options);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startPortalOn(port: number, options: { smtpUrl: string; name: string }) {
  const dataDir = path.join(repoRoot, 'e2e/.data', `${options.name}-${process.pid}`);
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  const logs: string[] = [];
  // E2E_FROM_SOURCE runs the server's TypeScript directly (for working on a change without
  // rebuilding the bundle); the default is the built bundle, as `npm start` runs it.
  const entry = process.env.E2E_FROM_SOURCE
    ? ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')]
    : [path.join(repoRoot, 'apps/server/dist/main.js')];
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: options.smtpUrl,
      SUPPORT_PHONE: SUPPORT.phone,
      SUPPORT_EMAIL: SUPPORT.email,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => logs.push(String(chunk)));
  child.stderr?.on('data', (chunk) => logs.push(String(chunk)));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`the portal exited during start:\n${logs.join('')}`);
    const healthy = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the portal did not start in time:\n${logs.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    baseUrl,
    logs,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
