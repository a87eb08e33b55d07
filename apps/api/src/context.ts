// The services' view of the running app: database, clock, providers and stores, without the HTTP layer.
// Its own module so that services and routes depend on it, not on app.ts (which imports every route).
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { FileStorage } from './lib/file-storage.ts';
import type { TokenService } from './lib/jwt.ts';
import type { Providers } from './providers/index.ts';
import type { SmsProvider } from './providers/sms/sandbox-sms.ts';
import type { SessionStore } from './services/auth/sessions.ts';
import type { Mailer } from './services/mail/mailer.ts';
import type { MailTransport } from './services/mail/transport.ts';

export interface AppContext {
  db: Db;
  database: Database;
  tokens: TokenService;
  /** Server-side sessions behind the tokens (sign-out, password change, idle and absolute limits). */
  sessions: SessionStore;
  config: AppConfig;
  storage: FileStorage;
  /** The text-message provider (sandbox by default). */
  sms: SmsProvider;
  /** Processor, bank linking, online wallet provider, wallet (sandboxes by default; tests may swap them). */
  providers: Providers;
  /** Injectable clock (tests move time; jobs and rules take "today" from here). */
  now: () => Date;
  /** How mail leaves (issue 25: SMTP_URL, else the sandbox inbox; MAIL_TRANSPORT=none; services/mail/transport.ts). */
  mail?: MailTransport;
  /** The server's outbox sender, woken after a mail is queued (absent in tests and the job CLI: they dispatch themselves). */
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
