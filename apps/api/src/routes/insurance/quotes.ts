// spec 2 §7 "Quote partners" (docs/api-contract.md "Insurance quote partners (issue 22)"): a partner quote for the
// tenant's own ACTIVE lease, and the tenant's quotes. Tenants only; another tenant's lease answers 404.
import { INSURANCE_PARTNERS } from '@portal/domain/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCustomer } from '../../plugins/auth.ts';
import { listPartnerQuotes, requestPartnerQuote } from '../../services/insurance/quote-service.ts';
import { errorEnvelopeSchema, errorResponses } from '../schemas.ts';

const tags = ['insurance'];
const leaseId = z.string().trim().min(1).max(64);

export const partnerQuoteSchema = z.object({
  id: z.string(),
  partner: z.enum(INSURANCE_PARTNERS),
  leaseId: z.string(),
  /** The partner's page of the quote, where the tenant buys. */
  link: z.string(),
  monthlyCost: z.number(),
  /** Null for APOLLO (a monthly payment only). */
  yearlyCost: z.number().nullable(),
  currency: z.enum(['CAD', 'USD']),
  status: z.string(),
  policyId: z.string().nullable(),
  createdAt: z.string(),
});

/** Quotes a tenant may ask a minute: each reaches a partner and is kept by it (a bot's loop is stopped at 429). */
export const QUOTE_RATE_MAX = 30;

/** 422: RM_ERROR_SERVICE_NOT_OFFERED (lease not ACTIVE, partner not offered) or RM_ERROR_QUOTE_UNAVAILABLE. */
const quoteErrors = { ...errorResponses, 422: errorEnvelopeSchema };

export default async function insuranceQuoteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    '/insurance/quote',
    {
      // Behind the auth hook, which runs first (plugins/auth.ts), so the key is the user.
      config: {
        rateLimit: {
          max: QUOTE_RATE_MAX,
          timeWindow: 60_000,
          keyGenerator: (req) => `insurance-quote|${req.session?.sessionRole.id ?? req.ip}`,
        },
      },
      schema: {
        tags,
        summary:
          "A quote partner's quote for the tenant's ACTIVE lease (NUERA and MELLO: monthly and yearly; APOLLO: monthly) with the partner's link",
        body: z.object({ leaseId, partner: z.enum(INSURANCE_PARTNERS) }),
        response: { 200: partnerQuoteSchema, ...quoteErrors },
      },
    },
    async (request) => requestPartnerQuote(ctx, requireCustomer(request), request.body),
  );

  app.get(
    '/insurance/quotes',
    {
      schema: {
        tags,
        summary: "The tenant's partner quotes, newest first (of one lease with leaseId)",
        querystring: z.object({ leaseId: leaseId.optional() }),
        response: { 200: z.object({ records: z.array(partnerQuoteSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ records: await listPartnerQuotes(ctx, requireCustomer(request), request.query.leaseId) }),
  );
}
