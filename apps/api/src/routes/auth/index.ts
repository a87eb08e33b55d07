// spec 1 §7 Auth: ping, authorize (basic auth), refreshtoken (optional stopMimic); logout ends the session (issue 9).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { bearerToken, requireSession } from '../../plugins/auth.ts';
import { parseBasicAuth, refreshToken, signIn, signOut } from '../../services/auth/sign-in.ts';
import { errorResponses } from '../schemas.ts';

const tokenResponse = z.object({ access_token: z.string() });

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ping',
    {
      config: { public: true },
      schema: { tags: ['auth'], response: { 200: z.object({ status: z.literal('ok'), time: z.string() }) } },
    },
    async () => ({ status: 'ok' as const, time: app.ctx.now().toISOString() }),
  );

  const { max, timeWindowMs } = app.ctx.config.authorizeRateLimit;
  app.get(
    '/authorize',
    {
      config: {
        public: true,
        // Request rate only (in memory); failed sign-ins are throttled per account, address and pair in the database
        // (services/auth/sign-in-throttle.ts), whose 429 carries its own Retry-After.
        rateLimit: {
          max,
          timeWindow: timeWindowMs,
          // Per address and account, so one noisy client cannot lock out everyone behind a NAT.
          keyGenerator: (req) => `${req.ip}|${parseBasicAuth(req.headers.authorization)?.email.toLowerCase() ?? ''}`,
        },
      },
      schema: {
        tags: ['auth'],
        description: 'Sign in with `Authorization: Basic base64(email:password)`.',
        security: [{ basic: [] }],
        response: { 200: tokenResponse, ...errorResponses },
      },
    },
    async (request) => {
      const creds = parseBasicAuth(request.headers.authorization);
      if (!creds?.email || !creds.password) {
        throw AppError.validation([{ field: 'authorization', message: 'Basic credentials are required' }]);
      }
      const token = await signIn(app.ctx, {
        email: creds.email,
        password: creds.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { access_token: token };
    },
  );

  app.get(
    '/refreshtoken',
    {
      schema: {
        tags: ['auth'],
        querystring: z.object({ stopMimic: z.enum(['true', 'false']).optional() }),
        response: { 200: tokenResponse, ...errorResponses },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return { access_token: await refreshToken(app.ctx, session, request.query.stopMimic === 'true') };
    },
  );

  app.post(
    '/logout',
    {
      // Public so that signing out twice, or with an expired token, still answers 204: the session ends either way.
      config: { public: true },
      schema: {
        tags: ['auth'],
        description: 'Ends the session of the bearer token (a mimic session ends with the admin session behind it). Idempotent.',
        response: { 204: z.null().describe('Signed out'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await signOut(app.ctx, bearerToken(request));
      return reply.code(204).send(null);
    },
  );
}
