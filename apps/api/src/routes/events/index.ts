// spec 2 §7 "Others": POST /events/search and GET /eventtypes (issue 24 "Events and operations"). The provider's admin
// sees every event, a manager its company's audit events (services/events/search-events.ts), a tenant none (403).
import { SEARCH_MAX_PAGE } from '@portal/domain/search-limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { requireSession } from '../../plugins/auth.ts';
import { listEventTypes } from '../../services/events/event-types.ts';
import { searchEvents } from '../../services/events/search-events.ts';
import { consoleCallerOf } from '../../services/search/caller.ts';
import { DEFAULT_RECORDS_PER_PAGE, MAX_RECORDS_PER_PAGE } from '../../services/search/search-records.ts';
import { errorResponses } from '../schemas.ts';

const tags = ['events'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day (YYYY-MM-DD, UTC) or an ISO 8601 instant with its offset. */
const periodBound = z
  .string()
  .max(40)
  .refine((v) => (DAY.test(v) || /^\d{4}-\d{2}-\d{2}T/.test(v)) && !Number.isNaN(Date.parse(v)), {
    message: 'server.events.invalidPeriodBound',
  });

const eventQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).default(1),
  recordsPerPage: z.coerce.number().int().min(1).max(MAX_RECORDS_PER_PAGE).default(DEFAULT_RECORDS_PER_PAGE),
});

const eventFilterSchema = z
  .strictObject({
    type: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'server.events.invalidType')
      .optional()
      .describe('An audit action or a tracking event (GET /eventtypes)'),
    userId: z.string().min(1).max(64).optional().describe('The author of an audit event, the tenant of a tracking event'),
    recordType: z
      .string()
      .regex(/^[A-Za-z][A-Za-z_]{0,63}$/, 'server.events.invalidRecordType')
      .optional()
      .describe('Record type, case-insensitive (audit events only)'),
    recordId: z.string().min(1).max(64).optional(),
    from: periodBound.optional().describe('Start, included: a day (UTC) or an instant'),
    to: periodBound.optional().describe('End: a day (UTC, included whole) or an instant (excluded)'),
  })
  .nullish();

const eventSchema = z.object({
  id: z.string(),
  source: z.enum(['AUDIT', 'TRACKING']),
  type: z.string(),
  recordType: z.string().nullable(),
  recordId: z.string().nullable(),
  userId: z.string().nullable(),
  userType: z.string().nullable(),
  changes: z.unknown(),
  createdAt: z.string(),
});

/** A period bound as an instant: a day starts at 00:00 UTC; a `to` day runs to the next day's start. */
function instantOf(bound: string, end: boolean): string {
  if (!DAY.test(bound)) return new Date(bound).toISOString();
  const d = new Date(`${bound}T00:00:00.000Z`);
  if (end) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

export default async function eventsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    '/events/search',
    {
      schema: {
        tags,
        summary: 'The audit trail and the tracking events as one list, newest first, by type, user, record and period',
        description:
          'Admin: every event. Manager: audit events of its company (its records, or written by its corporate users); no tracking events. Tenant: 403.',
        querystring: eventQuerySchema,
        body: eventFilterSchema,
        response: {
          200: z.object({
            records: z.array(eventSchema),
            totalPages: z.number().int(),
            totalRecords: z.number().int(),
            page: z.number().int(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const caller = consoleCallerOf(requireSession(request));
      const filter = request.body ?? {};
      request.log.debug({ filter, caller: caller.role }, 'events search');
      const from = filter.from ? instantOf(filter.from, false) : undefined;
      const to = filter.to ? instantOf(filter.to, true) : undefined;
      if (from && to && to <= from) throw AppError.onField('to', 'server.input.periodOrder');
      return searchEvents(ctx, caller, { ...filter, from, to, ...request.query });
    },
  );

  app.get(
    '/eventtypes',
    {
      schema: {
        tags,
        summary: 'The event types /events/search finds, with their English and French labels',
        response: {
          200: z.object({
            records: z.array(
              z.object({
                type: z.string(),
                source: z.enum(['AUDIT', 'TRACKING']),
                labels: z.object({ en: z.string(), fr: z.string() }),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      consoleCallerOf(requireSession(request));
      return listEventTypes();
    },
  );
}
