// spec 2 §7 "Others": /set_log_level (issue 24 "Events and operations"): the provider's admin changes the log level of
// every running server on the database without a restart (services/operations/log-level.ts), audited. A manager or a
// tenant gets 403, no token 401.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../lib/audit.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import {
  isLogLevel,
  LOG_LEVELS,
  type LogLevelSync,
  setLogLevel,
  startLogLevelSync,
} from '../../services/operations/log-level.ts';
import { errorResponses } from '../schemas.ts';

const tags = ['operations'];
const levelAnswer = z.object({ level: z.enum(LOG_LEVELS), previous: z.enum(LOG_LEVELS).optional() });

export default async function operationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  // Each server follows the stored level from its start to its close. Stopped in preClose, which runs before every
  // onClose hook: the listening connection is gone before the database is closed (or a test drops it).
  let sync: LogLevelSync | null = null;
  app.addHook('onReady', async () => {
    sync = await startLogLevelSync(ctx, app.log);
  });
  app.addHook('preClose', async () => {
    await sync?.stop();
    sync = null;
  });

  app.get(
    '/set_log_level',
    {
      schema: {
        tags,
        summary: "This server's log level (admin)",
        response: { 200: levelAnswer, ...errorResponses },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { level: isLogLevel(app.log.level) ? app.log.level : 'silent' };
    },
  );

  app.post(
    '/set_log_level',
    {
      schema: {
        tags,
        summary: 'Set the log level of every server on this database, without a restart (admin; audited SET_LOG_LEVEL)',
        description: `Levels: ${LOG_LEVELS.join(', ')}. This server applies it at once; the others within seconds (PostgreSQL NOTIFY, and a poll of the stored level). A server started later starts with it.`,
        body: z.strictObject({ level: z.string().max(16) }),
        response: { 200: levelAnswer, ...errorResponses },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { level } = request.body;
      if (!isLogLevel(level)) {
        throw AppError.onField('level', 'server.logLevel.invalid', { values: { levels: LOG_LEVELS.join(', ') } });
      }
      return setLogLevel(ctx, app.log, level, actorOf(request));
    },
  );
}
