// Runtime configuration from the environment, with the embedded defaults of ARCHITECTURE.md.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SessionConfig } from './services/auth/sessions.ts';
import type { SignInLimits } from './services/auth/sign-in-limits.ts';
import { type UploadLimits, uploadLimitsFromEnv } from './services/documents/upload-limits.ts';
import type { OidcSettings } from './services/oidc/oidc-sign-in.ts';

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
  /** issue 25: POST /password/forgot per address; default 10 per 15 minutes (RECOVERY_RATE_LIMIT; routes/account). */
  recoveryRateLimit?: number;
  /** POST /signup and GET /signup/email_exists per address (issue 11); default 10 per 10 minutes (routes/signup). */
  signupRateLimit?: { max: number; timeWindowMs: number };
  /** Server-side sessions (issue 9); defaults in services/auth/sessions.ts (SESSION_DEFAULTS). */
  sessions?: Partial<SessionConfig>;
  /** Sign-in throttle (issue 21 §1): free failures and growing delays; defaults in services/auth/sign-in-limits.ts. */
  signInLimits?: Partial<SignInLimits>;
  logLevel: string;
  /** Served behind TLS (HSTS=1): Strict-Transport-Security on every answer (plugins/security-headers.ts). */
  hsts?: boolean;
  /** Upload quota and rate limit overrides (issue 9); defaults in services/documents/upload-limits.ts. */
  uploadLimits?: Partial<UploadLimits>;
  /** Shared secret of the text-message provider's webhook (sandbox); without it every webhook call is refused. */
  smsWebhookSecret?: string;
  /** HELP_CENTRE_URL: a deployment's own help centre; unset, the portal's help page (/customer/help) is the help. */
  helpCentreUrl?: string;
  /** issue 24: the key of API keys' HMAC (API_KEY_SECRET, else generated once under DATA_DIR); services/api-keys. */
  apiKeySecret?: string;
  /** issue 24: exchanges and calls per API key; default 120 a minute (services/api-keys). */
  apiKeyRateLimit?: { max: number; timeWindowMs: number };
  /** issue 24: sign-in with Google (OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET; none: the sandbox issuer). */
  oidc?: OidcSettings;
  /** issue 25: the sandbox inbox (/sandbox/mail) open to anyone (MAIL_SANDBOX_PUBLIC=1; the demo); else admins only. */
  mailboxPublic?: boolean;
}

/** An absolute http(s) address, else undefined: a typo must not become a dead link in every tenant's menu. */
function httpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
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
    ...(env.RECOVERY_RATE_LIMIT ? { recoveryRateLimit: Number(env.RECOVERY_RATE_LIMIT) } : {}),
    ...(env.SIGNUP_RATE_LIMIT ? { signupRateLimit: { max: Number(env.SIGNUP_RATE_LIMIT), timeWindowMs: 600_000 } } : {}),
    logLevel: env.LOG_LEVEL ?? 'info',
    hsts: env.HSTS === '1',
    mailboxPublic: env.MAIL_SANDBOX_PUBLIC === '1',
    uploadLimits: uploadLimitsFromEnv(env),
    sessions: {
      ...(env.SESSION_IDLE_MINUTES ? { idleMs: Number(env.SESSION_IDLE_MINUTES) * 60_000 } : {}),
      ...(env.SESSION_MAX_HOURS ? { absoluteMs: Number(env.SESSION_MAX_HOURS) * 3_600_000 } : {}),
    },
    smsWebhookSecret: secretFrom(env.SMS_WEBHOOK_SECRET, dataDir, 'sms-webhook-secret'),
    helpCentreUrl: httpUrl(env.HELP_CENTRE_URL),
    apiKeySecret: secretFrom(env.API_KEY_SECRET, dataDir, 'api-key-secret'),
    oidc: {
      // As written: a mistyped issuer fails its discovery (sign-in unavailable), it never falls back to the sandbox.
      issuerUrl: env.OIDC_ISSUER_URL?.trim() || undefined,
      clientId: env.OIDC_CLIENT_ID || undefined,
      clientSecret: env.OIDC_CLIENT_SECRET || undefined,
      sandboxPort: env.OIDC_SANDBOX_PORT ? Number(env.OIDC_SANDBOX_PORT) : undefined,
      publicOrigin: httpUrl(env.PUBLIC_ORIGIN)?.replace(/\/$/, ''),
    },
  };
}
