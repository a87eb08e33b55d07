// spec 2 §7 "Credit reporting" (issue 22): the sign-up offer, subscribe (the yearly fee charged once; optional
// Idempotency-Key), unsubscribe, stop, the card of the next renewal, and the payment-method detail lookup by type and id.
// Tenant-only; another tenant's lease, subscription or method answers 404 like a missing one. Listing is
// POST /credit_report/search (routes/search); GET /last_month_amount_paid is in routes/payments.
import {
  creditReportChangePaymentQuerySchema,
  creditReportOfferQuerySchema,
  creditReportOfferSchema,
  creditReportSubscribeQuerySchema,
  creditReportSubscriptionSchema,
  paymentMethodDetailSchema,
} from '@portal/domain/credit-report-shapes';
import { PAYMENT_METHOD_TYPES } from '@portal/domain/entities';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { requestLang } from '../../lib/i18n.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import {
  changeCreditReportPayment,
  getCreditReportOffer,
  getPaymentMethodDetail,
  stopCreditReport,
  unsubscribeCreditReport,
} from '../../services/credit-reporting/manage.ts';
import { subscribeCreditReport } from '../../services/credit-reporting/subscribe.ts';
import { idempotencyKeyOf, localizeStoredError, runIdempotent } from '../../services/payments/idempotency.ts';
import { actingAdminOf, declinedSchema, optionalIdempotencyHeaders } from '../payments/idempotent-route.ts';
import { errorEnvelopeSchema, errorResponses, idParams } from '../schemas.ts';

const tags = ['credit reporting'];
/** A refused rule (not offered, lease too short) is 422; a refused card 402. */
const refusals = { 422: errorEnvelopeSchema, ...errorResponses };

/**
 * Runs the subscribe once per (tenant, Idempotency-Key) when the header is sent (a retry answers the first result; the
 * key's request is the query, a GET having no body); without it the call simply runs (the lease lock and the term claim
 * still make one subscription and one charge).
 */
async function sendSubscribe<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (caller: { customerId: string; actedBy: string | null }) => Promise<T>,
) {
  const customerId = requireCustomer(request);
  const actedBy = actingAdminOf(request, true);
  if (request.headers['idempotency-key'] == null) return reply.send(await work({ customerId, actedBy }));
  const key = idempotencyKeyOf(request.headers['idempotency-key']);
  const answer = await runIdempotent(
    app.ctx,
    { userId: customerId, key, scope: 'credit_report/subscribe', body: request.query },
    async () => ({ statusCode: 200, body: await work({ customerId, actedBy }) }),
  );
  const body = answer.statusCode >= 400 ? localizeStoredError(requestLang(request), answer.body) : answer.body;
  return reply.code(answer.statusCode).send(body as T);
}

export default async function creditReportingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/credit_report/offer',
    {
      schema: {
        tags,
        summary: 'What the credit-reporting sign-up shows for a lease: availability and why not, fee, start date',
        description:
          'reason: null (available) | NOT_OFFERED (province BC/AB/MB/ON and the company category flag, spec 2 §9) | ' +
          'ALREADY_SUBSCRIBED | BIRTH_DATE_MISSING | LEASE_START_MISSING | LEASE_TOO_SHORT (under 1 year left). ' +
          'startDate follows spec 2 §4 (today, or the 1st of next month with showStartNotice); subscription = the live one.',
        querystring: creditReportOfferQuerySchema,
        response: { 200: creditReportOfferSchema, ...errorResponses },
      },
    },
    async (request) =>
      getCreditReportOffer(app.ctx, {
        customerId: requireCustomer(request),
        leaseId: request.query.leaseId,
        lang: requestLang(request),
      }),
  );

  app.get(
    '/credit_report/subscribe',
    {
      schema: {
        tags,
        summary: 'Subscribe a lease to credit reporting: the yearly fee charged once (optional Idempotency-Key)',
        description:
          'Refusals (spec 2 §5, §8): not offered → 422 RM_ERROR_SERVICE_NOT_OFFERED; fee above 0 without a card → 400 ' +
          '(field payMethodId), a bank account → 400 RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED; no birth date → 400 ' +
          'RM_ERROR_REQUIRED_FIELD (field birthDate; English message contains "birthDate"); no lease start → 400 ' +
          'RM_ERROR_REQUIRED_FIELD (field startDate; English message contains "start date is missing"); under 1 year ' +
          'left → 422 RM_ERROR_SERVICE_NOT_OFFERED (field endDate); card refused → 402 RM_ERROR_PAYMENT_DECLINED or ' +
          'RM_ERROR_INSUFFICIENT_FUNDS with the FAILED transaction (no subscription left). An ACTIVE subscription is ' +
          'answered as it is; an UNSUBSCRIBED one is switched back on without a charge; SUSPENDED, TERMINATED or ' +
          'EXPIRED → a new subscription and its charge.',
        headers: optionalIdempotencyHeaders,
        querystring: creditReportSubscribeQuerySchema,
        response: { 200: creditReportSubscriptionSchema, 402: declinedSchema, ...refusals },
      },
    },
    async (request, reply) =>
      sendSubscribe(app, request, reply, (caller) =>
        subscribeCreditReport(app.ctx, { ...caller, actor: actorOf(request), query: request.query }),
      ),
  );

  app.get(
    '/credit_report/:id/unsubscribe',
    {
      schema: {
        tags,
        summary: 'No renewal: UNSUBSCRIBED, autoRenew false; still reported until expiryDate (no refund)',
        params: idParams,
        response: { 200: creditReportSubscriptionSchema, ...errorResponses },
      },
    },
    async (request) =>
      unsubscribeCreditReport(app.ctx, { customerId: requireCustomer(request), id: request.params.id, actor: actorOf(request) }),
  );

  app.get(
    '/credit_report/:id/stop',
    {
      schema: {
        tags,
        summary: 'Stop now: TERMINATED, never reported again (no refund)',
        params: idParams,
        response: { 200: creditReportSubscriptionSchema, ...errorResponses },
      },
    },
    async (request) =>
      stopCreditReport(app.ctx, { customerId: requireCustomer(request), id: request.params.id, actor: actorOf(request) }),
  );

  app.get(
    '/credit_report/:id/change_payment_type',
    {
      schema: {
        tags,
        summary: 'The card the next renewal charges (a card only; a bank account → RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED)',
        params: idParams,
        querystring: creditReportChangePaymentQuerySchema,
        response: { 200: creditReportSubscriptionSchema, ...errorResponses },
      },
    },
    async (request) =>
      changeCreditReportPayment(app.ctx, {
        customerId: requireCustomer(request),
        id: request.params.id,
        actor: actorOf(request),
        methodType: request.query.methodType,
        methodId: request.query.methodId,
      }),
  );

  app.get(
    '/payment_method/:type/:id',
    {
      schema: {
        tags: ['payment methods'],
        summary: "A payment method's display fields by type and id (spec 2 §7; never the number); own methods only",
        params: z.object({ type: z.enum(PAYMENT_METHOD_TYPES), id: z.string().min(1).max(64) }),
        response: { 200: paymentMethodDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      getPaymentMethodDetail(app.ctx, {
        customerId: requireCustomer(request),
        type: request.params.type,
        id: request.params.id,
      }),
  );
}
