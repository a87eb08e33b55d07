// issue 25 "Real SMTP": the demo's sandbox inbox (GET /sandbox/mail, /sandbox/mail/{id}) and the admin's view of the
// mail outbox (GET /mail_outbox, POST /mail_outbox/{id}/resend). The inbox holds reset links: it is open to anyone only
// when the configuration says so (MAIL_SANDBOX_PUBLIC=1, the demo), else to the provider's admin only; with SMTP_URL
// there is no inbox (404).
import { SEARCH_MAX_PAGE } from '@portal/domain/search-limits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../lib/audit.ts';
import { bearerToken, requireAdmin } from '../../plugins/auth.ts';
import { listOutbox, OUTBOX_STATUSES, type OutboxStatus, resendOutboxMail } from '../../services/mail/admin-outbox.ts';
import { getInboxMessage, hasSandboxInbox, listInbox, requireSandboxInbox } from '../../services/mail/inbox.ts';
import { errorResponses, idParams } from '../schemas.ts';

const inboxTags = ['sandbox'];
const outboxTags = ['mail'];
const page = z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).default(1);
// An address or a part of one: bounded, no control characters.
const addressPart = z
  .string()
  .trim()
  .max(320)
  .regex(/^[^\p{Cc}]*$/u, 'server.common.invalidValue')
  .optional();

const inboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  createdAt: z.string(),
});
const inboxMessageSchema = inboxEntrySchema.extend({ text: z.string(), html: z.string() });

const statusFilter = z
  .string()
  .max(80)
  .optional()
  .transform((value, zctx) => {
    if (!value) return undefined;
    const parts = value.split(',').map((s) => s.trim().toUpperCase());
    if (!parts.every((s): s is OutboxStatus => (OUTBOX_STATUSES as readonly string[]).includes(s))) {
      zctx.addIssue({ code: 'custom', message: 'server.mailOutbox.invalidStatus' });
      return z.NEVER;
    }
    return parts as OutboxStatus[];
  })
  .describe(`One status or several separated by commas: ${OUTBOX_STATUSES.join(', ')}`);

const outboxRecordSchema = z.object({
  id: z.string(),
  template: z.string(),
  toAddress: z.string(),
  languageCode: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  canResend: z.boolean().describe('FAILED or UNCERTAIN, and its single-use link (if any) still kept'),
});
const countsSchema = z.object(
  Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, z.number().int()])) as Record<OutboxStatus, z.ZodNumber>,
);

export default async function mailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  /** Public on the demo (the flag); otherwise the provider's admin only: no token 401, anyone else 403. */
  async function mayReadInbox(request: FastifyRequest): Promise<void> {
    requireSandboxInbox(ctx);
    if (ctx.config.mailboxPublic === true) return;
    // The route is public to the auth hook (so the demo needs no token): the token is checked here.
    const token = bearerToken(request);
    // Not the auth hook's 'Access token invalid': the web client reads that as "your session ended" and signs out.
    if (!token) throw new AppError('RM_ERROR_UNAUTHORIZED', 'server.mailInbox.adminOnly');
    const claims = await ctx.tokens.verify(token);
    const { row } = await ctx.sessions.check(claims.sid);
    if (row.userId !== claims.sessionRole.id) throw new AppError('RM_ERROR_ACCESS_TOKEN_INVALID', 'Access token invalid');
    request.session = claims;
    requireAdmin(request);
  }

  const inboxConfig = {
    public: true,
    // Read by a page that refreshes every few seconds; bounded per address all the same (it is open on the demo).
    rateLimit: { max: 240, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => `sandbox-mail|${req.ip}` },
  };
  const access =
    'Anyone when the server runs with MAIL_SANDBOX_PUBLIC=1 (the demo); otherwise the admin only (no token 401, a ' +
    'manager or tenant 403). 404 RM_ERROR_RECORD_NOT_FOUND when mail leaves through SMTP (SMTP_URL): there is no inbox.';

  app.get(
    '/sandbox/mail',
    {
      config: inboxConfig,
      schema: {
        tags: inboxTags,
        summary: "The sandbox inbox: mail the portal 'sent' without SMTP, newest first, 20 a page",
        description: `\`to\` matches the recipient exactly, whatever its case. ${access}`,
        querystring: z.object({ to: addressPart, page }),
        response: {
          200: z.object({ records: z.array(inboxEntrySchema), total: z.number().int(), page: z.number().int() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      await mayReadInbox(request);
      return listInbox(ctx, request.query);
    },
  );

  app.get(
    '/sandbox/mail/:id',
    {
      config: inboxConfig,
      schema: {
        tags: inboxTags,
        summary: 'One mail of the sandbox inbox, with its plain-text and HTML parts',
        description: access,
        params: idParams,
        response: { 200: inboxMessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await mayReadInbox(request);
      return getInboxMessage(ctx, request.params.id);
    },
  );

  app.get(
    '/mail_outbox',
    {
      schema: {
        tags: outboxTags,
        summary: 'The mail outbox, newest first, 20 a page, with the count of every status (admin)',
        description:
          '`status` filters (one or several, comma-separated), `to` is a part of the address (case-insensitive). ' +
          "`counts` are the whole outbox's. Never a mail's parameters nor its link secret. `sandboxInbox`: whether " +
          'this server has the sandbox inbox (no SMTP_URL). A manager or tenant 403, no token 401.',
        querystring: z.object({ status: statusFilter, to: addressPart, page }),
        response: {
          200: z.object({
            records: z.array(outboxRecordSchema),
            total: z.number().int(),
            page: z.number().int(),
            counts: countsSchema,
            sandboxInbox: z.boolean(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { status, to, page: p } = request.query;
      const answer = await listOutbox(ctx, { statuses: status, to, page: p });
      return { ...answer, sandboxInbox: hasSandboxInbox(ctx) };
    },
  );

  app.post(
    '/mail_outbox/:id/resend',
    {
      schema: {
        tags: outboxTags,
        summary: 'Send a FAILED or UNCERTAIN mail again: PENDING, due now, attempts 0 (admin; audited MAIL_RESEND)',
        description:
          '409 RM_ERROR_RECORD_LOCKED for another status, and for a mail whose single-use link is no longer kept ' +
          '(PASSWORD_RESET, EMAIL_VERIFY, LEASE_INVITATION once settled): the person asks for a new link. 404 unknown id.',
        params: idParams,
        response: { 200: outboxRecordSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireAdmin(request);
      const record = await resendOutboxMail(ctx, actorOf(request), request.params.id);
      ctx.mailer?.wake();
      return record;
    },
  );
}
