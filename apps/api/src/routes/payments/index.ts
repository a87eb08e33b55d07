// spec 1 §7 "Payments" (issue 8): one-time payments through the ledger, with an Idempotency-Key on every call.
import {
  addPaymentAttemptBodySchema,
  lastMonthAmountPaidSchema,
  paymentResultSchema,
  processPaymentBodySchema,
} from '@portal/domain/payment-shapes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../lib/i18n.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import { addPaymentAttempt } from '../../services/payments/add-payment-attempt.ts';
import { idempotencyKeyOf, localizeStoredError, runIdempotent } from '../../services/payments/idempotency.ts';
import { getLastMonthAmountPaid } from '../../services/payments/last-month-amount-paid.ts';
import { processPayment } from '../../services/payments/process-payment.ts';
import { errorEnvelopeSchema, errorResponses } from '../schemas.ts';

const tags = ['payments'];
const idempotencyHeaders = z.object({
  'idempotency-key': z.string().describe('Required: 1..255 visible ASCII characters, unique per payment attempt'),
});
/** A refusal of the processor answers the FAILED transaction it recorded beside the envelope. */
const declinedSchema = errorEnvelopeSchema.extend({ transaction: paymentResultSchema.optional() });

export default async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/processpayment',
    {
      schema: {
        tags,
        summary: 'Pay a lease once with a saved method (Idempotency-Key required; retries answer the first result)',
        headers: idempotencyHeaders.partial(),
        body: processPaymentBodySchema,
        response: { 200: paymentResultSchema, 402: declinedSchema, 422: errorEnvelopeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const customerId = requireCustomer(request);
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const answer = await runIdempotent(
        app.ctx,
        { userId: customerId, key, scope: 'processpayment', body: request.body },
        async () => ({
          statusCode: 200,
          body: await processPayment(app.ctx, {
            customerId,
            idempotencyKey: key,
            body: request.body,
            lang: requestLang(request),
          }),
        }),
      );
      // The stored answer is sent as it was (a retry gets the same body); error messages in the caller's language.
      const body = answer.statusCode >= 400 ? localizeStoredError(requestLang(request), answer.body) : answer.body;
      return reply.code(answer.statusCode).send(body as z.infer<typeof paymentResultSchema>);
    },
  );

  app.post(
    '/addPaymentAttempt',
    {
      schema: {
        tags,
        summary: 'Record a cancelled payment attempt (the soft-maximum Cancel): nothing is charged',
        headers: idempotencyHeaders.partial(),
        body: addPaymentAttemptBodySchema,
        response: { 200: paymentResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const customerId = requireCustomer(request);
      const header = request.headers['idempotency-key'];
      const run = async (key: string | null) => ({
        statusCode: 200,
        body: await addPaymentAttempt(app.ctx, { customerId, body: request.body, idempotencyKey: key }),
      });
      // Optional here (nothing is charged); with a key a double click records one attempt.
      const answer = header
        ? await runIdempotent(
            app.ctx,
            { userId: customerId, key: idempotencyKeyOf(header), scope: 'addPaymentAttempt', body: request.body },
            () => run(idempotencyKeyOf(header)),
          )
        : await run(null);
      const body = answer.statusCode >= 400 ? localizeStoredError(requestLang(request), answer.body) : answer.body;
      return reply.code(answer.statusCode).send(body as z.infer<typeof paymentResultSchema>);
    },
  );

  app.get(
    '/last_month_amount_paid',
    {
      schema: {
        tags,
        summary: 'What the tenant paid on a lease last calendar month (fees excluded)',
        querystring: z.object({ leaseId: z.string().min(1).max(64) }),
        response: { 200: lastMonthAmountPaidSchema, ...errorResponses },
      },
    },
    async (request) => getLastMonthAmountPaid(app.ctx, requireCustomer(request), request.query.leaseId),
  );
}
