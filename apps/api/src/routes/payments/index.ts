// spec 1 §7 "Payments" (issue 8): one-time payments through the ledger, with an Idempotency-Key on every call.
import { lastMonthAmountPaidSchema } from '@portal/domain/credit-report-shapes';
import { addPaymentAttemptBodySchema, paymentResultSchema, processPaymentBodySchema } from '@portal/domain/payment-shapes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCustomer } from '../../plugins/auth.ts';
import { addPaymentAttempt } from '../../services/payments/add-payment-attempt.ts';
import { getLastMonthAmountPaid } from '../../services/payments/last-month-amount-paid.ts';
import { processPayment } from '../../services/payments/process-payment.ts';
import { errorResponses } from '../schemas.ts';
import {
  declinedSchema,
  idempotencyHeaders,
  optionalIdempotencyHeaders,
  refusals,
  sendIdempotent,
  sendOptionallyIdempotent,
} from './idempotent-route.ts';

const tags = ['payments'];

export default async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/processpayment',
    {
      schema: {
        tags,
        summary: 'Pay a lease once with a saved method (Idempotency-Key required; retries answer the first result)',
        headers: idempotencyHeaders,
        body: processPaymentBodySchema,
        response: { 200: paymentResultSchema, 402: declinedSchema, ...refusals },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        app.ctx,
        request,
        reply,
        'processpayment',
        // issue 20: a retry finishes the transaction its first request recorded (services/payments/redrive.ts)
        (caller) => processPayment(app.ctx, { ...caller, body: request.body }),
      ),
  );

  app.post(
    '/addPaymentAttempt',
    {
      schema: {
        tags,
        summary: 'Record a cancelled payment attempt (the soft-maximum Cancel): nothing is charged',
        headers: optionalIdempotencyHeaders,
        body: addPaymentAttemptBodySchema,
        response: { 200: paymentResultSchema, ...errorResponses },
      },
    },
    // Optional here (nothing is charged); with a key a double click records one attempt.
    async (request, reply) =>
      sendOptionallyIdempotent(app.ctx, request, reply, 'addPaymentAttempt', (caller) =>
        addPaymentAttempt(app.ctx, { ...caller, body: request.body }),
      ),
  );

  app.get(
    '/last_month_amount_paid',
    {
      schema: {
        tags,
        summary: 'Rent the tenant paid on a lease last calendar month (COMPLETE/PENDING, fees excluded), with that month',
        querystring: z.object({ leaseId: z.string().min(1).max(64) }),
        response: { 200: lastMonthAmountPaidSchema, ...errorResponses },
      },
    },
    async (request) => getLastMonthAmountPaid(app.ctx, requireCustomer(request), request.query.leaseId),
  );
}
