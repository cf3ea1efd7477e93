import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../db/embedded.js';

/** The built server (`npm run build`): the deployment tests run the portal as it ships. */
export const BUILT_SERVER = path.resolve(import.meta.dirname, '../../dist/main.js');

export interface Process {
  port: number;
  output(): string;
  stop(): Promise<void>;
}

function ended(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Starts one portal instance of the built server on a free port and waits until it listens. */
export async function startPortalProcess(env: Record<string, string>): Promise<Process> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=320', '--max-semi-space-size=32', BUILT_SERVER],
    {
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('The portal is running at')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    child.once('exit', () => {
      clearInterval(timer);
      reject(new Error(`the portal did not start:\n${output}`));
    });
  });
  return {
    port,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await ended(child);
    },
  };
}

/**
 * Debian's nginx (`apt-get install nginx`) in front of `upstreams`, as README's deployment guide
 * configures it: round robin over keep-alive connections, the client's address and a request id
 * handed on, event streams unbuffered. Each answer names the instance that served it
 * (`X-Upstream`), so a test can see both took their share.
 */
export async function startNginx(folder: string, upstreams: number[]): Promise<Process> {
  const port = await freePort();
  await fs.mkdir(folder, { recursive: true, mode: 0o777 });
  await fs.chmod(folder, 0o777);
  const config = `
daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  upstream portal {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 50m;
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Request-Id $request_id;
      proxy_buffering off;
      proxy_read_timeout 60s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  const file = path.join(folder, 'nginx.conf');
  await fs.writeFile(file, config);
  // Debian installs it in /usr/sbin, which a non-root PATH may lack.
  const program = (await fs.access('/usr/sbin/nginx').then(
    () => true,
    () => false,
  ))
    ? '/usr/sbin/nginx'
    : 'nginx';
  const child = spawn(program, ['-c', file, '-p', folder], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  // Ready once it answers.
  for (let tries = 0; ; tries++) {
    const answered = await fetch(`http://127.0.0.1:${port}/api/health/live`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (child.exitCode !== null || tries > 100) {
      const log = await fs.readFile(path.join(folder, 'error.log'), 'utf8').catch(() => '');
      throw new Error(`nginx did not start: ${output}${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    output: () => output,
    stop: async () => {
      child.kill('SIGQUIT');
      await ended(child);
    },
  };
}
