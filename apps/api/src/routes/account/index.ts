// Accounts people can recover (issue 25): forgotten password, reset links, e-mail verification and changes.
// docs/api-contract.md "Accounts and mail (issue 25)".

import { customerSchema } from '@portal/domain/api-shapes';
import { validateEmail } from '@portal/domain/input-fields';
import { MSG } from '@portal/domain/message-keys';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/link-token.ts';
import { requireCustomer, requireSession } from '../../plugins/auth.ts';
import { cancelEmailChange, resendVerification, verifyEmail } from '../../services/account/email-verification.ts';
import { requestPasswordReset, resetLinkInfo, resetPassword } from '../../services/account/password-reset.ts';
import { assertOwnCustomerId } from '../../services/customer/get-customer.ts';
import { errorResponses } from '../schemas.ts';

const tags = ['account'];
const required = { error: MSG.requiredField };
const tokenField = z.string(required).min(1, required).max(200);
/** A per-address limit whose 429 speaks the caller's language (the plugin's own text is English only). */
const limit = (name: string, max: number, timeWindow: number) => ({
  max,
  timeWindow,
  keyGenerator: (req: FastifyRequest) => `${name}|${req.ip}`,
  errorResponseBuilder: () => new AppError('RM_ERROR_TOO_MANY_REQUESTS', 'server.account.forgotTooMany'),
});

export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    '/password/forgot',
    {
      config: {
        public: true,
        // Per address; each account is also limited to 3 links an hour, silently (services/account/password-reset.ts).
        rateLimit: limit('forgot', ctx.config.recoveryRateLimit ?? 10, 15 * 60_000),
      },
      schema: {
        tags,
        summary: 'Mail a password-reset link to the account of an e-mail (the same 202 whether or not one exists)',
        body: z.object({
          email: z
            .string(required)
            .max(1000)
            .superRefine((value, c) => {
              const r = validateEmail(value.trim());
              if (!r.ok) c.addIssue({ code: 'custom', message: r.key, params: r.values });
            })
            .transform((v) => v.trim()),
        }),
        response: {
          202: z.object({
            result: z.literal('SENT'),
            /** The demo's inbox is public: the page may link to it (GET /sandbox/mail). */
            sandboxInbox: z.boolean(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, { email: request.body.email, ip: request.ip, origin: requestOrigin(request) });
      const sandboxInbox = ctx.config.mailboxPublic === true && ctx.mail?.name === 'sandbox';
      return reply.code(202).send({ result: 'SENT' as const, sandboxInbox });
    },
  );

  app.get(
    '/password/reset/:token',
    {
      config: { public: true, rateLimit: limit('reset-link', 60, 60_000) },
      schema: {
        tags,
        summary: 'Whether a reset link can be used: its masked address and end (410 RM_ERROR_LINK_INVALID otherwise)',
        params: z.object({ token: tokenField }),
        response: { 200: z.object({ email: z.string(), expiresAt: z.string() }), ...errorResponses },
      },
    },
    async (request) => resetLinkInfo(ctx, request.params.token),
  );

  app.post(
    '/password/reset',
    {
      config: { public: true, rateLimit: limit('reset', 20, 60_000) },
      schema: {
        tags,
        summary: 'Set a new password with a reset link; every other session ends; signs in (200 {access_token})',
        description:
          'spec 1 §5 password rules: ≥ 8 characters with a digit, an upper-case and a lower-case letter ' +
          '(RM_ERROR_PASSWORD_COMPLEXITY); the confirmation equal (RM_ERROR_RECORD_VALIDATION on confirmNewPassword).',
        body: z.object({
          token: tokenField,
          newPassword: z.string(required).max(1024),
          confirmNewPassword: z.string(required).max(1024),
        }),
        response: { 200: z.object({ access_token: z.string() }), ...errorResponses },
      },
    },
    async (request) => resetPassword(ctx, { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
  );

  app.post(
    '/email/verify',
    {
      config: { public: true, rateLimit: limit('verify', 30, 60_000) },
      schema: {
        tags,
        summary: 'Confirm an e-mail address with the link sent to it (a new address replaces the old one now)',
        body: z.object({ token: tokenField }),
        response: { 200: z.object({ email: z.string(), verified: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => verifyEmail(ctx, request.body.token),
  );

  app.post(
    '/customer/:id/email/resend',
    {
      schema: {
        tags,
        summary: 'Send the verification link again (the pending new address, else the unverified current one)',
        params: z.object({ id: z.string().max(100) }),
        response: { 202: z.object({ result: z.literal('SENT'), email: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const callerId = requireCustomer(request);
      assertOwnCustomerId(callerId, request.params.id);
      const answer = await resendVerification(ctx, callerId, { origin: requestOrigin(request), ip: request.ip });
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/customer/:id/email/cancel',
    {
      schema: {
        tags,
        summary: 'Withdraw a pending change of e-mail address (its link stops working)',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: customerSchema, ...errorResponses },
      },
    },
    async (request) =>
      cancelEmailChange(ctx, {
        callerId: requireCustomer(request),
        id: request.params.id,
        actor: actorOf(request),
        mimicking: !!requireSession(request).mimic,
      }),
  );
}
