// Readiness (issue 20 §2): GET /api/ready answers 200 while this process reaches its database, 503 otherwise, so a load
// balancer or supervisor sends traffic elsewhere and knows when the database is back. /api/ping stays liveness: it
// answers as long as the process serves, whatever the database does (routes/auth).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorEnvelopeSchema } from '../schemas.ts';

/** How long the database has to answer `SELECT 1` before this process says it is not ready. */
export const READY_TIMEOUT_MS = 2000;

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ready',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 when the database answers within 2 s, 503 RM_ERROR_SERVICE_UNAVAILABLE otherwise',
        description:
          'For load balancers and supervisors; no authentication. `/api/ping` is liveness (the process serves) and does not touch the database.',
        security: [],
        response: {
          200: z.object({ status: z.literal('ready'), database: z.literal('up'), time: z.string() }),
          503: errorEnvelopeSchema,
        },
      },
    },
    async () => {
      if (!(await app.ctx.database.ping(READY_TIMEOUT_MS))) throw AppError.serviceUnavailable();
      return { status: 'ready' as const, database: 'up' as const, time: app.ctx.now().toISOString() };
    },
  );

  // Issue 21 §1: what the web app needs to know of its deployment, before sign-in (the help link is in every menu).
  app.get(
    '/web-config',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: "The deployment's settings the web app reads: helpCentreUrl (HELP_CENTRE_URL), null for the portal's help page",
        security: [],
        response: { 200: z.object({ helpCentreUrl: z.string().nullable() }) },
      },
    },
    async () => ({ helpCentreUrl: app.ctx.config.helpCentreUrl ?? null }),
  );
}
