// Issue 21 §2 (spec 1 §8, spec 2 §8; docs/api-contract.md "Company alerts"): the one-time alerts of listed companies.
import { COMPANY_ALERTS } from '@portal/domain/company-alerts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCustomer, requireSession } from '../../plugins/auth.ts';
import { listPendingCompanyAlerts, markCompanyAlertSeen } from '../../services/company-alerts/company-alerts.ts';
import { errorResponses } from '../schemas.ts';

const tags = ['company alerts'];

const pendingCompanyAlertsSchema = z.object({
  records: z.array(z.object({ companyId: z.string(), companyName: z.string(), alert: z.enum(COMPANY_ALERTS) })),
});
const companyAlertSeenBodySchema = z.strictObject({
  companyId: z.string().min(1).max(64),
  alert: z.enum(COMPANY_ALERTS),
});

export default async function companyAlertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/company_alert/pending',
    {
      schema: {
        tags,
        summary: "The one-time alerts of the caller's flagged companies not shown to the caller yet",
        querystring: z.strictObject({}),
        response: { 200: pendingCompanyAlertsSchema, ...errorResponses },
      },
    },
    async (request) => ({ records: await listPendingCompanyAlerts(app.ctx, requireCustomer(request)) }),
  );

  app.post(
    '/company_alert/seen',
    {
      schema: {
        tags,
        summary: 'Remember that the caller was shown a company alert (it is not listed again)',
        description:
          'An alert the caller cannot have (no lease at the company, or the company not flagged) → 404. While an admin ' +
          'mimics the tenant nothing is remembered (stored: false): the tenant has not seen it.',
        body: companyAlertSeenBodySchema,
        response: { 200: z.object({ stored: z.boolean() }), ...errorResponses },
      },
    },
    async (request) => {
      const customerId = requireCustomer(request);
      // spec 1 §4 mimic mode: an admin looking at the tenant's portal does not use up the tenant's one-time alert
      if (requireSession(request).mimic) return { stored: false };
      await markCompanyAlertSeen(app.ctx, { customerId, companyId: request.body.companyId, alert: request.body.alert });
      return { stored: true };
    },
  );
}
