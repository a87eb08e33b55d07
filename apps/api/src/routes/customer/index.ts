// spec 1 §7 Auth and profile: customer reads and update, terms, peeks, corporate user, password change, pay-by-text info.
import {
  acceptTermsSchema,
  companyPeekSchema,
  customerPeekSchema,
  customerSchema,
  payByTextInfoSchema,
  propertyPeekSchema,
} from '@portal/domain/api-shapes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/link-token.ts';
import { requireCustomer, requireSession } from '../../plugins/auth.ts';
import { acceptTerms } from '../../services/customer/accept-terms.ts';
import { changePassword } from '../../services/customer/change-password.ts';
import { getCorporateUser, updateCorporateUser } from '../../services/customer/get-corporate-user.ts';
import { getCustomer, peekCustomer } from '../../services/customer/get-customer.ts';
import { getCustomerPayByTextInfo, getLeasePayByTextInfo } from '../../services/customer/get-pay-by-text-info.ts';
import { peekCompany } from '../../services/customer/peek-company.ts';
import { peekProperty } from '../../services/customer/peek-property.ts';
import { updateCustomer } from '../../services/customer/update-customer.ts';
import { errorResponses, idParams } from '../schemas.ts';
import {
  changePasswordBodySchema,
  changePasswordResultSchema,
  corporateUserPatchSchema,
  corporateUserSchema,
  customerPatchSchema,
} from './schemas.ts';

const tags = ['customer'];

export default async function customerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/customer/:id',
    {
      schema: {
        tags,
        summary: "The caller's own customer record",
        params: idParams,
        response: { 200: customerSchema, ...errorResponses },
      },
    },
    async (request) =>
      getCustomer(db, requireCustomer(request), request.params.id, !!requireSession(request).mimic, app.ctx.now()),
  );

  app.get(
    '/customer/:id/peek',
    {
      schema: {
        tags,
        summary: 'Whether the terms are accepted',
        params: idParams,
        response: { 200: customerPeekSchema, ...errorResponses },
      },
    },
    async (request) => peekCustomer(db, requireCustomer(request), request.params.id),
  );

  app.patch(
    '/customer/:id/update',
    {
      schema: {
        tags,
        summary: 'Update profile fields, language, birth date or accept the terms (spec 1 §5 rules)',
        params: idParams,
        body: customerPatchSchema,
        response: { 200: customerSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateCustomer(app.ctx, {
        callerId: requireCustomer(request),
        id: request.params.id,
        patch: request.body,
        actor: actorOf(request),
        mimicking: !!requireSession(request).mimic,
        origin: requestOrigin(request),
        ip: request.ip,
      }),
  );

  app.post(
    '/customer/:id/acceptterms',
    {
      schema: {
        tags,
        summary: 'Accept the terms of use (18 or older, US or Canada)',
        params: idParams,
        response: { 200: acceptTermsSchema, ...errorResponses },
      },
    },
    async (request) =>
      acceptTerms(app.ctx, { callerId: requireCustomer(request), id: request.params.id, actor: actorOf(request) }),
  );

  app.get(
    '/customer/:id/pay-by-text/info',
    {
      schema: {
        tags,
        summary: "Pay-by-text on for any of the customer's properties",
        params: idParams,
        response: { 200: payByTextInfoSchema, ...errorResponses },
      },
    },
    async (request) => getCustomerPayByTextInfo(db, requireCustomer(request), request.params.id),
  );

  app.get(
    '/property_lease/:id/pay-by-text/info',
    {
      schema: {
        tags,
        summary: "Pay-by-text on for the lease's property",
        params: idParams,
        response: { 200: payByTextInfoSchema, ...errorResponses },
      },
    },
    async (request) => getLeasePayByTextInfo(db, requireCustomer(request), request.params.id),
  );

  app.get(
    '/company/:id/peek',
    {
      schema: {
        tags,
        summary: "A company of the tenant's leases or applications",
        params: idParams,
        response: { 200: companyPeekSchema, ...errorResponses },
      },
    },
    async (request) => peekCompany(db, requireCustomer(request), request.params.id),
  );

  app.get(
    '/property/:id/peek',
    {
      schema: {
        tags,
        summary: "A property of the tenant's leases or applications",
        params: idParams,
        response: { 200: propertyPeekSchema, ...errorResponses },
      },
    },
    async (request) => peekProperty(db, requireCustomer(request), request.params.id),
  );

  app.get(
    '/corporateUser/:id',
    {
      schema: {
        tags,
        summary: 'A corporate user: oneself, the admin behind a mimic session, or anyone for an admin',
        params: idParams,
        response: { 200: corporateUserSchema, ...errorResponses },
      },
    },
    async (request) => getCorporateUser(db, requireSession(request), request.params.id),
  );

  app.patch(
    '/corporateUser/:id/update',
    {
      schema: {
        tags,
        summary: "Set one's own console language (languageCode en | fr), audited",
        description: "issue 23: a corporate user's own record only (another id, or a tenant's session: 404).",
        params: idParams,
        body: corporateUserPatchSchema,
        response: { 200: corporateUserSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateCorporateUser(app.ctx, {
        session: requireSession(request),
        id: request.params.id,
        patch: request.body,
        actor: actorOf(request),
      }),
  );

  app.post(
    '/changepassword',
    {
      // A little brute-force protection for the current password, per signed-in user.
      config: {
        rateLimit: {
          max: 10,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (req) => `pw|${req.session?.sessionRole.id ?? req.ip}`,
        },
      },
      schema: {
        tags,
        summary: "Change the caller's password",
        body: changePasswordBodySchema,
        response: { 200: changePasswordResultSchema, ...errorResponses },
      },
    },
    async (request) => changePassword(app.ctx, requireSession(request), request.body, actorOf(request)),
  );
}
