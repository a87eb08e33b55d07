// spec 1 §7 "Payments": loadhub cash slips (create, update, delete, the new-slip template) and the sandbox store's payment.
import { cashSlipBodySchema, cashSlipSchema, moneyAmountSchema, paymentResultSchema } from '@portal/domain/payment-shapes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../lib/i18n.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import {
  createCashSlip,
  deleteCashSlip,
  getCashSlip,
  listCashSlips,
  newCashSlipTemplate,
  paySlipAtStore,
  updateCashSlip,
} from '../../services/payments/cash-slips.ts';
import { toPaymentResult } from '../../services/payments/ledger.ts';
import { errorResponses, idParams } from '../schemas.ts';

const tags = ['cash slips'];

export default async function cashRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/cash/new',
    {
      schema: {
        tags,
        summary: 'A new cash slip for a lease: type and the amount due now (within 10..1993)',
        querystring: z.object({ leaseId: z.string().min(1).max(64) }),
        response: {
          200: z.object({ type: z.literal('TYPE_LOADHUB_CASH'), billingAccountId: z.string(), amount: z.number() }),
          422: errorResponses[400],
          ...errorResponses,
        },
      },
    },
    async (request) => newCashSlipTemplate(app.ctx, requireCustomer(request), request.query.leaseId),
  );

  app.get(
    '/cash',
    {
      schema: {
        tags,
        summary: "The tenant's active cash slips",
        response: { 200: z.object({ records: z.array(cashSlipSchema) }), ...errorResponses },
      },
    },
    async (request) => listCashSlips(app.ctx, requireCustomer(request)),
  );

  app.post(
    '/cash',
    {
      schema: {
        tags,
        summary: 'Create the cash slip of a lease (updates the active one when there is one)',
        body: cashSlipBodySchema,
        response: { 200: cashSlipSchema, 422: errorResponses[400], ...errorResponses },
      },
    },
    async (request) =>
      createCashSlip(app.ctx, {
        customerId: requireCustomer(request),
        leaseId: request.body.billingAccountId,
        amount: request.body.amount,
        lang: requestLang(request),
      }),
  );

  app.get(
    '/cash/:id',
    { schema: { tags, params: idParams, response: { 200: cashSlipSchema, ...errorResponses } } },
    async (request) => getCashSlip(app.ctx, requireCustomer(request), request.params.id),
  );

  app.patch(
    '/cash/:id/update',
    {
      schema: {
        tags,
        summary: "Change a cash slip's amount",
        params: idParams,
        body: z.object({ amount: moneyAmountSchema }),
        response: { 200: cashSlipSchema, 422: errorResponses[400], ...errorResponses },
      },
    },
    async (request) =>
      updateCashSlip(app.ctx, {
        customerId: requireCustomer(request),
        id: request.params.id,
        amount: request.body.amount,
        lang: requestLang(request),
      }),
  );

  app.delete(
    '/cash/:id/delete',
    { schema: { tags, params: idParams, response: { 200: z.object({ id: z.string() }), ...errorResponses } } },
    async (request) => deleteCashSlip(app.ctx, requireCustomer(request), request.params.id),
  );

  // The sandbox store (offline stand-in for the cash network): scanning a slip's number and taking the cash.
  app.post(
    '/sandbox/loadhub/pay',
    {
      config: { public: true },
      schema: {
        tags: ['sandbox'],
        summary: "Sandbox store: pay a slip in cash (the store's side; no tenant token)",
        body: z.object({ token: z.string().regex(/^\d{16}$/) }),
        response: { 200: paymentResultSchema, ...errorResponses },
      },
    },
    async (request) => toPaymentResult(await paySlipAtStore(app.ctx, request.body.token)),
  );
}
