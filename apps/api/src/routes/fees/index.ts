// spec 1 §7 "Fees" and spec 2 §7 (docs/api-contract.md "Fees (issue 7)"): fee profiles, fee calculations, service fees
// and the accepted payment types of a lease. Every call is the tenant's own (another tenant's id answers 404).
import { feeCalculationSchema, feeProfileListSchema } from '@portal/domain/api-shapes';
import { toCents } from '@portal/domain/money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCustomer } from '../../plugins/auth.ts';
import { getLeaseAcceptedPaymentTypes } from '../../services/fees/accepted-payment-types.ts';
import { calculateFeeFor } from '../../services/fees/calculate-fee.ts';
import { getFeeProfilesOf, getServiceFeeProfiles } from '../../services/fees/find-fee-profiles.ts';
import { getPaymentMethodFeeProfile } from '../../services/fees/method-fee-profile.ts';
import { calculateServiceFee } from '../../services/fees/service-fee.ts';
import { errorEnvelopeSchema, errorResponses, idParams } from '../schemas.ts';
import {
  acceptedPaymentTypesSchema,
  calculateFeeBodySchema,
  companyQuerySchema,
  feeOwnerParams,
  methodFeeProfileBodySchema,
  methodFeeProfileSchema,
  serviceFeeQuerySchema,
  serviceFeeSchema,
} from './schemas.ts';

const tags = ['fees'];
/** The fee calls also answer 422 RM_ERROR_MERCHANT_NOT_CONFIGURED (no accepted payment types). */
const feeErrors = { ...errorResponses, 422: errorEnvelopeSchema };

export default async function feeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/service_fee_profile',
    {
      schema: {
        tags,
        summary: "A company's fee profiles (its own, else the platform's)",
        querystring: companyQuerySchema,
        response: { 200: feeProfileListSchema, ...errorResponses },
      },
    },
    async (request) => getServiceFeeProfiles(db, requireCustomer(request), request.query.companyId),
  );

  app.get(
    '/property_lease/:id/fee_profile',
    {
      schema: {
        tags,
        summary: "The fee profiles of the lease's company",
        params: idParams,
        response: { 200: feeProfileListSchema, ...errorResponses },
      },
    },
    async (request) => getFeeProfilesOf(db, requireCustomer(request), 'property_lease', request.params.id),
  );

  app.get(
    '/:recordType/:id/fee_profile',
    {
      schema: {
        tags,
        summary: "The fee profiles of a property_lease's, a property's or a company's company",
        params: feeOwnerParams,
        response: { 200: feeProfileListSchema, ...errorResponses },
      },
    },
    async (request) => getFeeProfilesOf(db, requireCustomer(request), request.params.recordType, request.params.id),
  );

  app.post(
    '/fee_profile/payment_method',
    {
      schema: {
        tags,
        summary: 'The fee profile that prices a saved payment method at a company (padSchedule: the PAD profile)',
        body: methodFeeProfileBodySchema,
        response: { 200: methodFeeProfileSchema, ...errorResponses },
      },
    },
    async (request) =>
      getPaymentMethodFeeProfile(app.ctx, {
        customerId: requireCustomer(request),
        companyId: request.body.companyId,
        paymentMethodId: request.body.paymentMethod,
        padSchedule: request.body.padSchedule,
      }),
  );

  const calculate = {
    schema: {
      tags,
      summary: 'The fee of an amount paid with a saved method, or by split pay (amounts in dollars, rounded down)',
      body: calculateFeeBodySchema,
      response: { 200: feeCalculationSchema, ...feeErrors },
    },
  };
  for (const path of ['/calculatefee', '/calculatefeewithfeeprofile']) {
    app.post(path, calculate, async (request) => {
      const { amount, companyId, paymentMethod, propertyId, padSchedule, walletType } = request.body;
      return calculateFeeFor(app.ctx, {
        customerId: requireCustomer(request),
        amountCents: toCents(amount),
        paymentMethod,
        companyId,
        propertyId,
        padSchedule,
        walletType,
      });
    });
  }

  app.get(
    '/calculates_service_fee',
    {
      schema: {
        tags,
        summary: "The fee of an add-on service (e.g. CREDIT_REPORT) at one of the tenant's companies",
        querystring: serviceFeeQuerySchema,
        response: { 200: serviceFeeSchema, ...errorResponses },
      },
    },
    async (request) => calculateServiceFee(db, requireCustomer(request), request.query),
  );

  app.get(
    '/property_lease/:id/accepted_payment_types',
    {
      schema: {
        tags,
        summary: "The lease's accepted payment types: the property's list when set, else the company's",
        params: idParams,
        response: { 200: acceptedPaymentTypesSchema, ...errorResponses },
      },
    },
    async (request) => getLeaseAcceptedPaymentTypes(db, requireCustomer(request), request.params.id),
  );
}
