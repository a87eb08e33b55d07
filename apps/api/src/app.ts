// buildApp: external plugins, then app plugins, then routes (STYLE: fastify/demo src/app.ts).
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import { DOCUMENT_MAX_BYTES } from '@portal/domain/documents';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { createFileStorage } from './lib/file-storage.ts';
import { createTokenService } from './lib/jwt.ts';
import { installZodMessages } from './lib/zod-messages.ts';
import authPlugin from './plugins/auth.ts';
import compressPlugin from './plugins/compress.ts';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors.ts';
import inputGuardPlugin from './plugins/input-guard.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import webAppPlugin from './plugins/web-app.ts';
import { createSandboxProviders, type Providers } from './providers/index.ts';
import { createSandboxSms } from './providers/sms/sandbox-sms.ts';
import { routeAreas } from './routes/index.ts';
import sandboxPageRoutes from './routes/sandbox-pages/index.ts';
import { createSessionStore } from './services/auth/sessions.ts';
import { type MailTransport, mailTransportFromEnv } from './services/mail/transport.ts';

export type App = FastifyInstance;

export interface BuildOptions {
  database: Database;
  config: AppConfig;
  now?: () => Date;
  logger?: boolean | object;
  /** Replaces some of the sandbox providers. */
  providers?: Partial<Providers>;
  /** The e-mail transport (default: SMTP_URL, else the sandbox inbox; services/mail/transport.ts). */
  mail?: MailTransport;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const now = opts.now ?? (() => new Date());
  const app = Fastify({
    logger: opts.logger ?? false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    // Undecodable URLs and requests Node's parser refuses get the error envelope too (plugins/errors.ts).
    frameworkErrors,
    clientErrorHandler,
  });
  // zod's refusals as message keys, translated per request by the error handler (issue 23 Standards)
  installZodMessages();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', {
    db: opts.database.db,
    database: opts.database,
    tokens: createTokenService(opts.config.jwtSecret, 15 * 60, () => now().getTime()),
    sessions: createSessionStore(opts.database.db, now, opts.config.sessions),
    config: opts.config,
    storage: createFileStorage(opts.config.storageDir),
    sms: createSandboxSms(opts.config.smsWebhookSecret),
    providers: {
      ...createSandboxProviders({ secret: opts.config.jwtSecret, now, dataDir: opts.config.dataDir, db: opts.database.db }),
      ...opts.providers,
    },
    now,
    mail: opts.mail ?? mailTransportFromEnv(),
  } satisfies AppContext);
  app.addHook('onClose', async () => app.ctx.mail?.close?.());

  // External plugins
  await app.register(securityHeadersPlugin, { hsts: opts.config.hsts });
  // JSON and text answers of 1 KB or more in brotli/gzip (issue 9); before any other onSend hook that reads the body.
  await app.register(compressPlugin);
  await app.register(errorsPlugin);
  // NUL bytes, over-deep JSON and bad Basic credentials refused with a 400 naming the field (issue 9).
  await app.register(inputGuardPlugin);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Tenant portal API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          basic: { type: 'http', scheme: 'basic' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifyRateLimit, { global: false });
  // One part a request, 10 MB cap (spec 2 §9: size under 10 MB).
  await app.register(fastifyMultipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 10, parts: 12 } });

  // App plugins
  await app.register(authPlugin);

  // Routes
  await app.register(
    async (api) => {
      for (const area of routeAreas) await api.register(area);
      if (process.env.E2E_TEST_SUPPORT === '1') await api.register((await import('./routes/test-support.ts')).default);
      api.get('/docs', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  // The sandbox providers' own pages (bank-linking widget, online wallet approval), outside /api like a third party's.
  await app.register(sandboxPageRoutes);

  // The built SPA: static assets, and index.html for client-side routes; JSON 404 for everything else.
  await app.register(webAppPlugin, { dist: opts.config.webDist });
  return app;
}
