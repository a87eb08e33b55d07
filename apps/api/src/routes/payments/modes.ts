// spec 1 §7 "Payments" (issue 8): the extra payment modes — paysafe cash (US), union pay (CA), instalment (split) pay
// and the online wallet provider's order flow — each on the ledger and behind an Idempotency-Key (its own scope). Their
// sandbox provider pages are registered beside them (mode-sandbox.ts).
import {
  initiateInstalmentBodySchema,
  instalmentAmountSchema,
  instalmentPlanSchema,
  paymentResultSchema,
  payPalCaptureBodySchema,
  payPalCreateOrderBodySchema,
  payPalOrderSchema,
  paysafeCashBodySchema,
  redirectAnswerSchema,
  unionPayOrderBodySchema,
  updateInstalmentBodySchema,
} from '@portal/domain/payment-shapes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCustomer } from '../../plugins/auth.ts';
import {
  getInstalmentAmount,
  getInstalmentPlan,
  initiateInstalmentPay,
  updateInstalmentPlan,
} from '../../services/payments/instalment-pay.ts';
import { capturePayPalOrder, createPayPalOrder } from '../../services/payments/paypal-order.ts';
import { createPaysafeCashPayment } from '../../services/payments/paysafe-cash.ts';
import { createUnionPayOrder } from '../../services/payments/union-pay.ts';
import { errorResponses, idParams } from '../schemas.ts';
import {
  declinedSchema,
  idempotencyHeaders,
  optionalIdempotencyHeaders,
  refusals,
  sendIdempotent,
  sendOptionallyIdempotent,
} from './idempotent-route.ts';
import modeSandboxRoutes from './mode-sandbox.ts';

const tags = ['payments'];

export default async function paymentModeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/payment/paysafecash',
    {
      schema: {
        tags,
        summary:
          'Paysafe cash (US): a PENDING cash payment and the url of its barcode page (expires in 7 days; prepareOnly: checks and total only)',
        headers: idempotencyHeaders,
        body: paysafeCashBodySchema,
        response: { 200: redirectAnswerSchema, ...refusals },
      },
    },
    async (request, reply) =>
      sendIdempotent(app.ctx, request, reply, 'paysafecash', (caller) =>
        createPaysafeCashPayment(app.ctx, { ...caller, body: request.body, prepareOnly: request.body.prepareOnly === true }),
      ),
  );

  app.post(
    '/geoswift/create_order',
    {
      schema: {
        tags,
        summary: 'Union pay (Canada): a PENDING order and the url of the geo provider page that pays or cancels it',
        headers: idempotencyHeaders,
        body: unionPayOrderBodySchema,
        response: { 200: redirectAnswerSchema, ...refusals },
      },
    },
    async (request, reply) =>
      sendIdempotent(app.ctx, request, reply, 'geoswift_create_order', (caller) =>
        createUnionPayOrder(app.ctx, { ...caller, body: request.body }),
      ),
  );

  app.post(
    '/installment_pay/initiate',
    {
      schema: {
        tags,
        summary: 'Instalment (split) pay: a plan for a funded amount of 80..20000 (terms to accept before paying)',
        headers: optionalIdempotencyHeaders,
        body: initiateInstalmentBodySchema,
        response: { 200: instalmentPlanSchema, ...refusals },
      },
    },
    // Optional here (no money moves); with a key a double click makes one plan.
    async (request, reply) =>
      sendOptionallyIdempotent(app.ctx, request, reply, 'installment_pay_initiate', (caller) =>
        initiateInstalmentPay(app.ctx, { ...caller, body: request.body }),
      ),
  );

  app.get(
    '/INSTALLMENT_PAY/:id',
    {
      schema: {
        tags,
        summary: "The caller's instalment plan (schedule: first instalment PAID once paid, later ones PENDING)",
        params: idParams,
        response: { 200: instalmentPlanSchema, ...errorResponses },
      },
    },
    async (request) => getInstalmentPlan(app.ctx, requireCustomer(request), request.params.id),
  );

  app.get(
    '/INSTALLMENT_PAY/:id/amount',
    {
      schema: {
        tags,
        summary: 'Instalment pay by payment method id: the funded amount, the fee and the first instalment',
        params: idParams,
        response: { 200: instalmentAmountSchema, ...errorResponses },
      },
    },
    async (request) => getInstalmentAmount(app.ctx, requireCustomer(request), request.params.id),
  );

  app.patch(
    '/INSTALLMENT_PAY/:id/update',
    {
      schema: {
        tags,
        summary: "Accept the plan's terms and/or choose its funding credit card (before it is paid)",
        params: idParams,
        body: updateInstalmentBodySchema,
        response: { 200: instalmentPlanSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateInstalmentPlan(app.ctx, { customerId: requireCustomer(request), id: request.params.id, body: request.body }),
  );

  app.post(
    '/paypal_create_order',
    {
      schema: {
        tags,
        summary: "The online wallet provider's order for a payment's total (rules as any payment)",
        headers: idempotencyHeaders,
        body: payPalCreateOrderBodySchema,
        response: { 200: payPalOrderSchema, ...refusals },
      },
    },
    async (request, reply) =>
      sendIdempotent(app.ctx, request, reply, 'paypal_create_order', (caller) =>
        createPayPalOrder(app.ctx, { ...caller, body: request.body }),
      ),
  );

  app.post(
    '/paypal_capture_order',
    {
      schema: {
        tags,
        summary: 'Capture an approved order: the TYPE_PAY_PAL ledger transaction (one per order, whatever the key)',
        headers: idempotencyHeaders,
        body: payPalCaptureBodySchema,
        response: { 200: paymentResultSchema, 402: declinedSchema, ...refusals },
      },
    },
    async (request, reply) =>
      sendIdempotent(app.ctx, request, reply, 'paypal_capture_order', (caller) =>
        capturePayPalOrder(app.ctx, { ...caller, body: request.body }),
      ),
  );

  await app.register(modeSandboxRoutes);
}
