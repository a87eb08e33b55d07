// The tenant's notices (issue 10): autopay reminders and outcomes, split-pay instalments, expired cash barcodes and
// returned bank payments, in the caller's language (Accept-Language).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../lib/i18n.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../services/notifications/list-notifications.ts';
import { errorResponses } from '../schemas.ts';

const notificationSchema = z.object({
  id: z.string(),
  kind: z
    .string()
    .describe('AUTOPAY_REMINDER, AUTOPAY_PAID, AUTOPAY_FAILED, AUTOPAY_SKIPPED, INSTALMENT_PAID, PAYMENT_COMPLETED, …'),
  title: z.string(),
  body: z.string(),
  params: z.record(
    z.string(),
    z.union([
      z.string(),
      z.number(),
      z.boolean(),
      z.null(),
      // issue 25: a payment's charge lines (cents)
      z.array(z.object({ code: z.string(), name: z.string(), amount: z.number() })),
    ]),
  ),
  billingAccountId: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});

const pageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  recordsPerPage: z.coerce.number().int().min(1).max(100).default(20),
});

export default async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's notices, newest first, with the unread count",
        querystring: pageQuery,
        response: {
          200: z.object({
            records: z.array(notificationSchema),
            page: z.number(),
            totalPages: z.number(),
            totalRecords: z.number(),
            unreadCount: z.number(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) =>
      listNotifications(app.ctx, {
        userId: requireCustomer(request),
        page: request.query.page,
        recordsPerPage: request.query.recordsPerPage,
        lang: requestLang(request),
      }),
  );
  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: "Marks all the caller's notices read",
        response: { 200: z.object({ updated: z.number() }), ...errorResponses },
      },
    },
    async (request) => markAllNotificationsRead(app.ctx, requireCustomer(request)),
  );
  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks one of the caller’s notices read (another user’s: 404)',
        params: z.strictObject({ id: z.string().min(1).max(64) }),
        response: { 200: notificationSchema, ...errorResponses },
      },
    },
    async (request) =>
      markNotificationRead(app.ctx, { userId: requireCustomer(request), id: request.params.id, lang: requestLang(request) }),
  );
}
