// Runtime configuration from the environment, with the embedded defaults of ARCHITECTURE.md.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  /** Where uploaded files are kept: never inside a served folder. */
  storageDir: string;
  /** Built SPA to serve (apps/web/dist); absent in API-only tests. */
  webDist?: string;
  authorizeRateLimit: { max: number; timeWindowMs: number };
  logLevel: string;
  /** Shared secret of the text-message provider's webhook (sandbox); without it every webhook call is refused. */
  smsWebhookSecret?: string;
}

/** A secret from the environment, or one generated once and kept under DATA_DIR (mode 600). */
function secretFrom(value: string | undefined, dataDir: string, fileName: string): string {
  if (value) return value;
  const file = join(dataDir, fileName);
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = secretFrom(env.JWT_SECRET, dataDir, 'jwt-secret');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret,
    storageDir: resolve(env.STORAGE_DIR ?? join(dataDir, 'files')),
    authorizeRateLimit: {
      max: Number(env.AUTHORIZE_RATE_LIMIT ?? 10),
      timeWindowMs: 60_000,
    },
    logLevel: env.LOG_LEVEL ?? 'info',
    smsWebhookSecret: secretFrom(env.SMS_WEBHOOK_SECRET, dataDir, 'sms-webhook-secret'),
  };
}
