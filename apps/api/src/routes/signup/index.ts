// Issue 11 (spec 2 §2 "Apply-now popup and property sign-up", §3 "Integration", §4 "Self sign-up", §5 "Sign-up", §7
// "Sign-up"): public sign-up from an onboarding or application link, the onboarding page, the companies' public property
// listings, the SAP integration sandbox and the self sign-up lease. docs/api-contract.md "Sign-up (issue 11)".
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../lib/audit.ts';
import { requestOrigin } from '../../lib/link-token.ts';
import { requireCustomer, requireSession } from '../../plugins/auth.ts';
import {
  getIntegration,
  listIntegrations,
  searchIntegrationProperties,
  searchIntegrationTenants,
} from '../../services/signup/integration.ts';
import { getOnBoardingPage, hasPublicPage } from '../../services/signup/pages.ts';
import { searchCompanyProperties } from '../../services/signup/property-search.ts';
import { selfSignupLease } from '../../services/signup/self-signup-lease.ts';
import { changeOrigin, emailExists, signUp } from '../../services/signup/sign-up.ts';
import { errorResponses, idParams } from '../schemas.ts';
import {
  emailExistsAnswerSchema,
  emailExistsQuerySchema,
  integrationCustomerSchema,
  integrationPropertySearchBodySchema,
  integrationSchema,
  onBoardingPageSchema,
  originBodySchema,
  pageNameParams,
  pagingQuerySchema,
  propertyListingSchema,
  propertyPageSchema,
  propertySearchBodySchema,
  selfSignupAnswerSchema,
  selfSignupBodySchema,
  signUpBodySchema,
  tenantSearchBodySchema,
  tokenAnswerSchema,
} from './schemas.ts';

const tags = ['signup'];

/** Sign-ups per address (default 10 per 10 minutes); e-mail checks get six times as many (the form checks on blur). */
export const SIGNUP_RATE_LIMIT_DEFAULT = { max: 10, timeWindowMs: 600_000 };

export default async function signupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limit = app.ctx.config.signupRateLimit ?? SIGNUP_RATE_LIMIT_DEFAULT;

  app.get(
    '/on_boarding_page/name/:name',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The onboarding (property sign-up) page of a link: company, country, auto-approval and integration',
        params: pageNameParams,
        response: { 200: onBoardingPageSchema, ...errorResponses },
      },
    },
    async (request) => getOnBoardingPage(app.ctx, request.params.name),
  );

  app.post(
    '/signup',
    {
      config: {
        public: true,
        rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs, keyGenerator: (req) => `signup|${req.ip}` },
      },
      schema: {
        tags,
        summary: 'Create a customer from an onboarding or lease-application link and sign in (201 {access_token})',
        description:
          'Rules of spec 2 §5: e-mail pattern, ≤ 255, not a disposable domain; password ≥ 8 with a digit, an upper- and a ' +
          'lower-case letter, confirmPassword equal; phone required, a valid CA/US number (stored E.164); names < 32 ' +
          'characters without control characters. The customer takes the country of the page company; the token carries ' +
          'originType and signupPage. Terms are not accepted here. E-mail taken → 409 RM_ERROR_RECORD_ALREADY_EXIST; ' +
          `unknown page → 404; more than ${limit.max} sign-ups per address in ${limit.timeWindowMs / 60_000} minutes → 429.`,
        body: signUpBodySchema,
        response: { 201: tokenAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { confirmPassword: _confirm, ...input } = request.body;
      const token = await signUp(app.ctx, input, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        origin: requestOrigin(request),
      });
      return reply.code(201).send({ access_token: token });
    },
  );

  app.get(
    '/signup/email_exists',
    {
      config: {
        public: true,
        rateLimit: { max: limit.max * 6, timeWindow: limit.timeWindowMs, keyGenerator: (req) => `email-exists|${req.ip}` },
      },
      schema: {
        tags,
        summary: 'Whether an account already signs in with that e-mail (the same answer shape either way)',
        querystring: emailExistsQuerySchema,
        response: { 200: emailExistsAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({ type: 'TYPE_CUSTOMER' as const, exists: await emailExists(app.ctx.db, request.query.email) }),
  );

  app.post(
    '/signup/origin',
    {
      schema: {
        tags,
        summary: "A signed-in customer followed another link: the customer's page and origin type change; a new token",
        body: originBodySchema,
        response: { 200: tokenAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      access_token: await changeOrigin(app.ctx, {
        session: requireSession(request),
        customerId: requireCustomer(request),
        actor: actorOf(request),
        pageName: request.body.pageName,
        originType: request.body.originType,
      }),
    }),
  );

  const companyProperties = async (
    companyId: string,
    searchValue: string | null | undefined,
    paging: { page: number; recordsPerPage: number },
  ) => {
    if (!(await hasPublicPage(app.ctx.db, companyId))) throw AppError.notFound('Company');
    return searchCompanyProperties(app.ctx.db, { companyId, searchValue, ...paging });
  };
  const searchDescription =
    "The company's properties whose postal/zip code, name, street or city contains searchValue (case, spaces and " +
    'hyphens ignored; empty = all), by name then id. Only companies with an onboarding or application page (their ' +
    'properties are a public listing); others → 404.';

  app.post(
    '/company/:id/selfsignup/properties',
    {
      schema: {
        tags,
        summary: "Search a company's properties for self sign-up (by zip/postal code, name, street or city)",
        description: searchDescription,
        params: idParams,
        querystring: pagingQuerySchema(400),
        body: propertySearchBodySchema,
        response: { 200: propertyPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireSession(request);
      return companyProperties(request.params.id, request.body?.searchValue, request.query);
    },
  );

  app.post(
    '/company/:id/properties',
    {
      schema: {
        tags,
        summary: "A company's properties (public listing), by name",
        description: searchDescription,
        params: idParams,
        querystring: pagingQuerySchema(100),
        body: propertySearchBodySchema,
        response: { 200: propertyPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireSession(request);
      return companyProperties(request.params.id, request.body?.searchValue, request.query);
    },
  );

  app.get(
    '/integration/integration',
    {
      schema: {
        tags,
        summary: 'The enterprise integrations (SAP sandbox)',
        response: { 200: z.object({ records: z.array(integrationSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      requireSession(request);
      return listIntegrations(app.ctx);
    },
  );

  app.get(
    '/integration/integration/:id',
    {
      schema: {
        tags,
        summary: 'One enterprise integration; unknown → 404',
        params: idParams,
        response: { 200: integrationSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireSession(request);
      return getIntegration(app.ctx, request.params.id);
    },
  );

  app.post(
    '/integration/tenant/search',
    {
      schema: {
        tags,
        summary: "The integration's customers by e-mail (when given) or customer number",
        description:
          'customerNumber is required when no email is given (400). None found → 404 RM_ERROR_SAP_NOT_FOUND: "There is ' +
          'no integration customer for this email." (by e-mail) or "There is no Property associated with this Customer ' +
          'Number." (by number), in the caller\'s language.',
        body: tenantSearchBodySchema,
        response: { 200: z.object({ records: z.array(integrationCustomerSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      requireSession(request);
      const { integrationId, customerNumber, email } = request.body;
      return searchIntegrationTenants(app.ctx, {
        integrationId,
        customerNumber: customerNumber || undefined,
        email: email || undefined,
      });
    },
  );

  app.post(
    '/integration/property/search',
    {
      schema: {
        tags,
        summary: "The integration company's property whose propertyIdentifier is the customer's external property id",
        description: 'None → 404 RM_ERROR_SAP_NOT_FOUND "There is no Property associated with this Customer Number."',
        body: integrationPropertySearchBodySchema,
        response: {
          200: z.object({ records: z.array(propertyListingSchema.extend({ companyId: z.string() })) }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      requireSession(request);
      return searchIntegrationProperties(app.ctx, request.body);
    },
  );

  app.post(
    '/self_signup_Lease',
    {
      schema: {
        tags,
        summary: "Join a property of the caller's onboarding page: a lease, ACTIVE (auto-approval) or PENDING (201)",
        description:
          'The lease-details payload (spec 2 §3; rules of spec 2 §5: startDate required, endDate not before it, paymentDue ' +
          "1..31). user.id must be the caller (403). The caller's signupPage must name an onboarding page (else 409 " +
          'RM_ERROR_NO_SIGNUP_PAGE); the property must belong to its company (404). With an integration customer: ' +
          "propertyId '' and companyId + propertyIdentifier name the property. The same property and unit already " +
          'leased by the caller (ACTIVE/PENDING) → 409 RM_ERROR_RECORD_ALREADY_EXIST. The client then calls /refreshtoken.',
        body: selfSignupBodySchema,
        response: { 201: selfSignupAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const answer = await selfSignupLease(app.ctx, {
        customerId: requireCustomer(request),
        actor: actorOf(request),
        body: request.body,
      });
      return reply.code(201).send(answer);
    },
  );
}
