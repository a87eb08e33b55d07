// spec 1 §7 "Payment methods and addresses": the tenant's methods, removal, addresses, bank linking, the online wallet
// provider's agreement and the wallet sheet's sandbox session (POST /create lives in routes/create).
import {
  bankLinkTokenSchema,
  paymentMethodListSchema,
  paymentMethodRecordSchema,
  payPalAgreementSchema,
} from '@portal/domain/api-shapes';
import { COUNTRIES, WALLET_TYPES } from '@portal/domain/entities';
import { createFromPlaidBodySchema } from '@portal/domain/payment-method-bodies';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../lib/audit.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import { deleteAddress } from '../../services/payment-methods/addresses.ts';
import { getBankLinkToken } from '../../services/payment-methods/bank-link-token.ts';
import { createBankAccountFromLink } from '../../services/payment-methods/create-bank-account.ts';
import { DELETABLE_TYPES, deletePaymentMethod } from '../../services/payment-methods/delete-payment-method.ts';
import { answerLang } from '../../services/payment-methods/lang.ts';
import { listPaymentMethods } from '../../services/payment-methods/list-payment-methods.ts';
import { getPayPalAgreement } from '../../services/payment-methods/pay-pal.ts';
import { findCustomerBasics } from '../../services/payment-methods/tenant-leases.ts';
import { createWalletSession } from '../../services/payment-methods/wallet.ts';
import { errorEnvelopeSchema, errorResponses, idParams } from '../schemas.ts';

const tags = ['payment methods'];
const idAnswer = z.object({ id: z.string() });
const customerNotFound = () => new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.paymentMethods.customerNotFound');
const withProcessorErrors = { ...errorResponses, 402: errorEnvelopeSchema };

export default async function paymentMethodRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  /** The tenant asking, who must be the customer the path or query names (another's id answers like a missing one). */
  const ownCustomer = async (request: Parameters<typeof requireCustomer>[0], named?: string) => {
    const customerId = requireCustomer(request);
    if (named !== undefined && named !== customerId) throw customerNotFound();
    const customer = await findCustomerBasics(ctx.db, customerId);
    return { customerId, lang: answerLang(request, customer.languageCode) };
  };

  app.get(
    '/customer/:id/paymentmethods',
    {
      schema: {
        tags,
        summary: "The tenant's saved payment methods, oldest first (no cash types, not removed), with their labels",
        params: idParams,
        response: { 200: paymentMethodListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { customerId, lang } = await ownCustomer(request, request.params.id);
      return listPaymentMethods(ctx, customerId, lang);
    },
  );

  for (const type of DELETABLE_TYPES) {
    app.delete(
      `/${type}/:id/delete_with_bluesnap_check`,
      {
        schema: {
          tags,
          summary: `Remove a TYPE_${type} method (soft delete; its processor token is removed)`,
          description:
            "409 RM_ERROR_PAYMENT_METHOD_IN_USE: 'Payment method is used by an active recurring schedule' or " +
            "'Payment method is used by a credit reporting subscription'; a split-pay plan still being paid, or the card " +
            'funding it, is refused with a message saying it can be removed once the last instalment is paid.',
          params: idParams,
          response: { 200: idAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const customerId = requireCustomer(request);
        return deletePaymentMethod(ctx, customerId, actorOf(request), type, request.params.id);
      },
    );
  }

  app.delete(
    '/address/:id/delete',
    {
      schema: {
        tags,
        summary: "Delete one of the tenant's addresses (409 RM_ERROR_PAYMENT_METHOD_IN_USE while a saved method uses it)",
        params: idParams,
        response: { 200: idAnswer, ...errorResponses },
      },
    },
    async (request) => deleteAddress(ctx, requireCustomer(request), actorOf(request), request.params.id),
  );

  app.get(
    '/bank_account/createfromplaid/:customerId',
    {
      schema: {
        tags,
        summary: "The bank-linking widget's link token (country: the company requiring bank linking, else the tenant's)",
        params: z.object({ customerId: z.string().min(1).max(64) }),
        querystring: z.object({ country: z.enum(COUNTRIES).optional() }),
        response: { 200: bankLinkTokenSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { customerId } = await ownCustomer(request, request.params.customerId);
      return getBankLinkToken(ctx, customerId, request.query.country);
    },
  );

  app.post(
    '/bank_account/createfromplaid',
    {
      schema: {
        tags,
        summary: "Save the bank account picked in the widget (loginId: the widget's public token)",
        body: createFromPlaidBodySchema,
        response: { 200: paymentMethodRecordSchema, 201: paymentMethodRecordSchema, ...withProcessorErrors },
      },
    },
    async (request, reply) => {
      const { customerId, lang } = await ownCustomer(request, request.body.userId);
      const created = await createBankAccountFromLink({ ctx, customerId, actor: actorOf(request), lang }, request.body);
      return reply.code(created.status).send(created.record);
    },
  );

  app.get(
    '/paypal_create_agreement',
    {
      schema: {
        tags,
        summary: 'An online wallet provider agreement to approve, and the account already linked if any',
        querystring: z.object({
          userType: z.literal('TYPE_CUSTOMER').optional(),
          userId: z.string().min(1).max(64).optional(),
        }),
        response: { 200: payPalAgreementSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { customerId, lang } = await ownCustomer(request, request.query.userId);
      return getPayPalAgreement(ctx, customerId, lang);
    },
  );

  app.post(
    '/sandbox/wallet/session',
    {
      schema: {
        tags: ['sandbox'],
        summary: "The Apple Pay / Google Pay sheet's answer (sandbox): a signed wallet token for POST /create TYPE_WALLET",
        body: z.object({ walletType: z.enum(WALLET_TYPES), companyId: z.string().min(1).max(64).optional() }),
        response: {
          200: z.object({ walletToken: z.string(), walletValidationUrl: z.string(), currency: z.enum(['CAD', 'USD']) }),
          ...errorResponses,
        },
      },
    },
    async (request) => createWalletSession(ctx, requireCustomer(request), request.body),
  );
}
