import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

// Ranges proxy-addr knows by name (127.0.0.0/8 and ::1; 169.254.0.0/16 and fe80::/10; the private ranges).
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The proxies whose X-Forwarded-For is believed. Unset trusts none: the address is the socket's,
 * so no client can pick the address its limits are counted under. Neither `true` nor a hop count
 * is accepted: both believe a client that reaches the portal directly (Fastify itself no longer
 * honours a hop count for that reason), so the proxies are named by address or range.
 */
const trustProxySetting = z
  .string()
  .optional()
  .transform((value, context): false | string[] => {
    const text = value?.trim() ?? '';
    if (!text || text === 'false') return false;
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length === 0) return entries;
    const why =
      text === 'true' || /^\d+$/.test(text)
        ? 'would believe any client that reaches the portal directly'
        : `cannot read ${bad.map((entry) => `"${entry}"`).join(', ')}`;
    context.addIssue({
      code: 'custom',
      message: `TRUST_PROXY ${why}; give the proxies' addresses or CIDR ranges, comma-separated (or loopback, linklocal, uniquelocal)`,
    });
    return z.NEVER;
  });

/**
 * Who may read `/metrics`: nobody (`off`, the default), anyone who reaches the port (`on`), or the
 * addresses and ranges listed (as `TRUST_PROXY` names them), checked against the request's address.
 */
const metricsSetting = z
  .string()
  .optional()
  .transform((value, context): 'off' | 'on' | string[] => {
    const text = value?.trim() ?? '';
    if (!text || text === 'off') return 'off';
    if (text === 'on') return 'on';
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length === 0) return entries;
    context.addIssue({
      code: 'custom',
      message: `METRICS cannot read ${bad.map((entry) => `"${entry}"`).join(', ')}; give on, off, or the addresses or CIDR ranges that may read /metrics`,
    });
    return z.NEVER;
  });

/** Every environment variable the server reads. Documented in README.md. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: trustProxySetting,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  /** A streaming replica of DATABASE_URL's server, for reports and exports (decision 42). */
  DATABASE_READ_URL: optionalText,
  /** A direct session to DATABASE_URL's server for LISTEN and the migration lock (behind PgBouncer). */
  DATABASE_LISTEN_URL: optionalText,
  /** Connections each instance keeps to the database at most (and as many to the replica). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(10),
  METRICS: metricsSetting,
  JWT_SECRET: optionalText.refine((value) => !value || value.length >= 32, {
    message: 'JWT_SECRET must be at least 32 characters',
  }),
  JWT_EXPIRES_IN: z.string().default('12h'),
  OWNER_USERNAME: optionalText,
  OWNER_PASSWORD: optionalText,
  OWNER_EMAIL: optionalText,
  SMTP_URL: optionalText,
  SMTP_FROM: z.string().default('Learning Portal <no-reply@localhost>'),
  S3_ENDPOINT: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalText,
  JITSI_DOMAIN: z.string().trim().min(1).default('meet.jit.si'),
  /** With JITSI_APP_SECRET: the portal signs a room token per user and session (decision 29). */
  JITSI_APP_ID: optionalText,
  JITSI_APP_SECRET: optionalText,
  AI_BASE_URL: optionalText,
  AI_MODEL: optionalText,
  AI_API_KEY: optionalText,
  /** How long an automated answer waits for the model before answering from search alone. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(15_000),
  /** Automated answers one signed-in user may ask for per minute (each may call a paid model). */
  AUTO_ANSWERS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  DEFAULT_TIME_ZONE: z.string().default('UTC'),
  SUPPORT_PHONE: z.string().default('+91 00000 00000'),
  SUPPORT_EMAIL: z.string().default('support@example.com'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['auto', 'yes', 'no']).default('auto'),
  /** `off` stops publishing the API reference (/api/docs and /api/docs/json). */
  API_DOCS: z.enum(['on', 'off']).default('on'),
  WEB_DIST_DIR: optionalText,
  /** Sign-ins verified at once (argon2 hashing); the others wait their turn. */
  SIGN_IN_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  dataDir: string;
  webDistDir: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const config = parsed.data;
  if (Boolean(config.JITSI_APP_ID) !== Boolean(config.JITSI_APP_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  JITSI_APP_ID and JITSI_APP_SECRET are set together or not at all',
    );
  }
  if (config.DATABASE_READ_URL && !config.DATABASE_URL) {
    throw new Error(
      "Invalid configuration:\n  DATABASE_READ_URL names a replica of DATABASE_URL's server; the embedded database has none",
    );
  }
  return {
    ...config,
    dataDir: path.resolve(config.DATA_DIR),
    webDistDir: config.WEB_DIST_DIR
      ? path.resolve(config.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
