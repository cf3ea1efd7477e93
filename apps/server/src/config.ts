import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** Every environment variable the server reads. Documented in README.md. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
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
  JITSI_DOMAIN: z.string().default('meet.jit.si'),
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
  return {
    ...config,
    dataDir: path.resolve(config.DATA_DIR),
    webDistDir: config.WEB_DIST_DIR
      ? path.resolve(config.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
