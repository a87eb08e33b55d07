// The payment routes' Idempotency-Key (ARCHITECTURE "The API contract"; issue 8): the headers they declare and the one
// way they run their service: once per (tenant, key) in the route's scope, the stored answer sent to every retry.
import { paymentResultSchema } from '@portal/domain/payment-shapes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Lang, requestLang } from '../../lib/i18n.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import { idempotencyKeyOf, localizeStoredError, runIdempotent } from '../../services/payments/idempotency.ts';
import { errorEnvelopeSchema, errorResponses } from '../schemas.ts';

/** Declared optional so that a missing key gets the portal's own field error (idempotencyKeyOf). */
const actAsTenantHeader = z
  .string()
  .describe("'confirmed' when an admin viewing as the tenant confirmed moving the tenant's money (else 428)");
export const idempotencyHeaders = z
  .object({
    'idempotency-key': z.string().describe('Required: 1..255 visible ASCII characters, unique per payment attempt'),
    'x-act-as-tenant': actAsTenantHeader,
  })
  .partial();
export const optionalIdempotencyHeaders = z.object({
  'idempotency-key': z.string().optional().describe('Optional: with it, a retried request answers the first result'),
  'x-act-as-tenant': actAsTenantHeader.optional(),
});
/** A refusal of the processor or provider answers the FAILED transaction it recorded beside the envelope. */
export const declinedSchema = errorEnvelopeSchema.extend({ transaction: paymentResultSchema.optional() });
/** The refusals a payment route answers besides the common ones: a broken payment rule is 422. */
export const refusals = { 422: errorEnvelopeSchema, ...errorResponses };

/** Who asks, under which key, in which language (what every payment service takes). */
export interface PaymentCaller<K extends string | null = string> {
  customerId: string;
  idempotencyKey: K;
  lang: Lang;
  /** The admin acting while viewing as the tenant (mimic), recorded on the ledger row and in the audit trail. */
  actedBy: string | null;
}

/** The header an admin viewing as a tenant sends once they confirmed paying on the tenant's behalf (issue 20 §2). */
export const ACT_AS_TENANT_HEADER = 'x-act-as-tenant';

/**
 * The admin acting while viewing as the tenant, or null. issue 20 §2: money moved that way names the admin, and only
 * after an explicit confirmation: without the header a call that `movesMoney` is refused (428) before anything is
 * claimed or charged.
 */
export function actingAdminOf(request: FastifyRequest, movesMoney: boolean): string | null {
  const adminId = request.session?.mimic?.adminId ?? null;
  if (adminId && movesMoney && request.headers[ACT_AS_TENANT_HEADER] !== 'confirmed')
    throw new AppError('RM_ERROR_CONFIRMATION_REQUIRED', 'server.payments.confirmActingAsTenant');
  return adminId;
}

export interface SendOptions {
  /** The call may charge: an admin viewing as the tenant must confirm it (true unless said otherwise). */
  movesMoney?: boolean;
}

/**
 * Runs `work` once per (tenant, Idempotency-Key) in `scope` and sends its answer: a retry gets the first status and
 * body (error messages in the caller's language). A missing or malformed key is refused.
 */
export async function sendIdempotent<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  work: (caller: PaymentCaller) => Promise<T>,
  opts: SendOptions = {},
) {
  const customerId = requireCustomer(request);
  const key = idempotencyKeyOf(request.headers['idempotency-key']);
  const lang = requestLang(request);
  const actedBy = actingAdminOf(request, opts.movesMoney ?? true);
  const answer = await runIdempotent(ctx, { userId: customerId, key, scope, body: request.body }, async () => ({
    statusCode: 200,
    body: await work({ customerId, idempotencyKey: key, lang, actedBy }),
  }));
  const body = answer.statusCode >= 400 ? localizeStoredError(lang, answer.body) : answer.body;
  return reply.code(answer.statusCode).send(body as T);
}

/**
 * As sendIdempotent where the key is optional: without the header `work` simply runs. Nothing is charged unless
 * `movesMoney` says so (an application's fee).
 */
export async function sendOptionallyIdempotent<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  work: (caller: PaymentCaller<string | null>) => Promise<T>,
  opts: SendOptions = {},
) {
  const movesMoney = opts.movesMoney ?? false;
  if (request.headers['idempotency-key'] != null)
    return sendIdempotent(ctx, request, reply, scope, work, { ...opts, movesMoney });
  const customerId = requireCustomer(request);
  const actedBy = actingAdminOf(request, movesMoney);
  return reply.send(await work({ customerId, idempotencyKey: null, lang: requestLang(request), actedBy }));
}
