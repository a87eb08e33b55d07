// The payment routes' Idempotency-Key (ARCHITECTURE "The API contract"; issue 8): the headers they declare and the one
// way they run their service: once per (tenant, key) in the route's scope, the stored answer sent to every retry.
import { paymentResultSchema } from '@portal/domain/payment-shapes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app.ts';
import { type Lang, requestLang } from '../../lib/i18n.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import {
  type IdempotentOptions,
  idempotencyKeyOf,
  localizeStoredError,
  runIdempotent,
} from '../../services/payments/idempotency.ts';
import { errorEnvelopeSchema, errorResponses } from '../schemas.ts';

/** Declared optional so that a missing key gets the portal's own field error (idempotencyKeyOf). */
export const idempotencyHeaders = z
  .object({ 'idempotency-key': z.string().describe('Required: 1..255 visible ASCII characters, unique per payment attempt') })
  .partial();
export const optionalIdempotencyHeaders = z.object({
  'idempotency-key': z.string().optional().describe('Optional: with it, a retried request answers the first result'),
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
  opts: IdempotentOptions = {},
) {
  const customerId = requireCustomer(request);
  const key = idempotencyKeyOf(request.headers['idempotency-key']);
  const lang = requestLang(request);
  const answer = await runIdempotent(
    ctx,
    { userId: customerId, key, scope, body: request.body },
    async () => ({ statusCode: 200, body: await work({ customerId, idempotencyKey: key, lang }) }),
    opts,
  );
  const body = answer.statusCode >= 400 ? localizeStoredError(lang, answer.body) : answer.body;
  return reply.code(answer.statusCode).send(body as T);
}

/** As sendIdempotent where the key is optional (no money moves): without the header `work` simply runs. */
export async function sendOptionallyIdempotent<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  work: (caller: PaymentCaller<string | null>) => Promise<T>,
) {
  if (request.headers['idempotency-key'] != null) return sendIdempotent(ctx, request, reply, scope, work);
  return reply.send(await work({ customerId: requireCustomer(request), idempotencyKey: null, lang: requestLang(request) }));
}
