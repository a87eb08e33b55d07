// spec 2 §9 tracking pixels, first-party (issue 22): POST /tracking/{event} from the tenant's browser, and the admin's
// GET /admin/tracking_events. A tenant can only add an event, never read one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { requireAdmin, requireCustomer, requireSession } from '../../plugins/auth.ts';
import { findTrackingEvents, recordTrackingEvent, TRACKING_EVENTS } from '../../services/tracking/tracking-events.ts';
import { errorResponses } from '../schemas.ts';

const tags = ['tracking'];
/** Opens a tenant may record per minute: far above real use (a modal opened every 2 s), low enough not to flood. */
export const TRACKING_RATE_MAX = 30;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

const listQuerySchema = z
  .strictObject({
    event: z.enum(TRACKING_EVENTS).optional(),
    from: day.optional(),
    to: day.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    recordsPerPage: z.coerce.number().int().min(1).max(400).default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'server.input.periodOrder' });

export default async function trackingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    '/tracking/:event',
    {
      // Behind the auth hook, which runs first (plugins/auth.ts), so the key is the user.
      config: {
        rateLimit: {
          max: TRACKING_RATE_MAX,
          timeWindow: 60_000,
          keyGenerator: (req) => `tracking|${req.session?.sessionRole.id ?? req.ip}`,
        },
      },
      schema: {
        tags,
        summary: 'A tenant opened an add-on screen (first-party tracking pixel: user id, event and time only)',
        params: z.strictObject({ event: z.enum(TRACKING_EVENTS) }),
        response: { 204: z.null().describe('Recorded'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = requireCustomer(request);
      // An admin acting as the tenant is not the tenant opening a screen: nothing is recorded.
      if (!requireSession(request).mimic) await recordTrackingEvent(ctx.db, userId, request.params.event, ctx.now());
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/tracking_events',
    {
      schema: {
        tags,
        summary: 'Tracking events, newest first, filtered by event and period (UTC days), with counts per event and day',
        querystring: listQuerySchema,
        response: {
          200: z.object({
            records: z.array(z.object({ id: z.string(), userId: z.string(), event: z.string(), createdAt: z.string() })),
            counts: z.array(z.object({ day: z.string(), event: z.string(), count: z.number() })),
            totalPages: z.number(),
            totalRecords: z.number(),
            page: z.number(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { from, to } = request.query;
      if (from && Number.isNaN(Date.parse(from))) throw AppError.onField('from', 'server.common.invalidValue');
      if (to && Number.isNaN(Date.parse(to))) throw AppError.onField('to', 'server.common.invalidValue');
      return findTrackingEvents(ctx.db, request.query);
    },
  );
}
