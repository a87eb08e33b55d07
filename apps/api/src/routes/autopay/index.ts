// spec 2 §7 "Recurring schedules" (issue 10): change, disable or reactivate a schedule, its upcoming payment, and the
// charge list of a lease whose company does not manage balances. Creating one is POST /create with type
// TYPE_RECURRING_SCHEDULE (routes/create/registry.ts); listing them is POST /recurring_schedule/search.
import {
  autopayUpcomingPaymentSchema,
  recurringScheduleAnswerSchema,
  saveListAnswerSchema,
  saveListBodySchema,
  updateRecurringScheduleBodySchema,
} from '@portal/domain/autopay-shapes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { requestLang } from '../../lib/i18n.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import { saveChargeList } from '../../services/autopay/save-list.ts';
import { getUpcomingPayment, updateRecurringSchedule } from '../../services/autopay/schedules.ts';
import { errorEnvelopeSchema, errorResponses, idParams } from '../schemas.ts';

const tags = ['autopay'];
/** Autopay writes also answer 422 RM_ERROR_LEASE_NOT_PAYABLE / RM_ERROR_MERCHANT_NOT_CONFIGURED. */
const writeErrors = { ...errorResponses, 422: errorEnvelopeSchema };

export default async function autopayRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.patch(
    '/recurring_schedule/:id/update',
    {
      schema: {
        tags,
        summary: 'Change, disable ({active: false, customAmount: 0}) or reactivate ({active: true}) a recurring schedule',
        description:
          'The rules of the autopay form (spec 2 §5): a payable lease, a live card or bank account of an accepted, ' +
          'unblocked type, a start day 1..31, a custom amount ≥ 1 within the payment-amount rules (over the soft ' +
          'maximum only with confirmSoftMaximum). The upcoming payment is replaced (a disable cancels it). A change or a ' +
          'disable less than 2 full business days before the upcoming payment (bank holidays of the company country) → ' +
          '409 RM_ERROR_RECURRING_PAYMENT_LOCKED; a lease that requires autopay cannot disable it (400, field active).',
        params: idParams,
        body: updateRecurringScheduleBodySchema,
        response: { 200: recurringScheduleAnswerSchema, ...writeErrors },
      },
    },
    async (request) =>
      updateRecurringSchedule(
        { ctx: app.ctx, customerId: requireCustomer(request), actor: actorOf(request), lang: requestLang(request) },
        request.params.id,
        request.body,
      ),
  );

  app.get(
    '/recurring_schedule/:id/upcomingpayment',
    {
      schema: {
        tags,
        summary: "The schedule's upcoming (PENDING) payment and the last day it may be changed; 404 when there is none",
        params: idParams,
        response: { 200: autopayUpcomingPaymentSchema, ...errorResponses },
      },
    },
    async (request) => getUpcomingPayment(app.ctx, requireCustomer(request), request.params.id),
  );

  app.post(
    '/savelist',
    {
      schema: {
        tags,
        summary: "Save the charges a lease's autopay pays (only where the company does not manage balances)",
        description:
          'Body {billingAccounts: [{id, charges: [{code, amount}], requireAutoPay: false}]}: charge codes of the ' +
          "company's list; a lease whose company manages balances → 400 (field billingAccounts.N.charges). The lease's " +
          'requireAutoPay is not changed.',
        body: saveListBodySchema,
        response: { 200: saveListAnswerSchema, ...writeErrors },
      },
    },
    async (request) =>
      saveChargeList(app.ctx, { customerId: requireCustomer(request), actor: actorOf(request), body: request.body }),
  );
}
