// The monthly rent reporting, as people see it (issue 22 "Reporting, as the industry does it"): the tenant's reported
// months of their own subscription; the admin's monthly Metro 2® files and the bureau's answers.
import { creditReportMonthSchema } from '@portal/domain/credit-report-shapes';
import { creditReportFileDetailSchema, creditReportFileListSchema } from '@portal/domain/metro2-shapes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../lib/i18n.ts';
import { requireAdmin, requireCustomer } from '../../plugins/auth.ts';
import { getReportFile, listReportFiles, listSubscriptionReports } from '../../services/credit-reporting/report-views.ts';
import { errorResponses, idParams } from '../schemas.ts';

export default async function creditReportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/credit_report/:id/reports',
    {
      schema: {
        tags: ['credit reporting'],
        summary: "The months reported to the bureau for the tenant's own subscription, newest first, with the result",
        params: idParams,
        response: { 200: z.array(creditReportMonthSchema), ...errorResponses },
      },
    },
    async (request) => listSubscriptionReports(app.ctx, requireCustomer(request), request.params.id, requestLang(request)),
  );

  app.get(
    '/admin/credit_report_files',
    {
      schema: {
        tags: ['admin'],
        summary: "Each month's Metro 2 file: period, records, status, accepted and rejected counts (newest first)",
        response: { 200: creditReportFileListSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { records: await listReportFiles(app.ctx) };
    },
  );

  app.get(
    '/admin/credit_report_files/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "One month's Metro 2 file: its text, each record and the bureau's answer for it",
        params: idParams,
        response: { 200: creditReportFileDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireAdmin(request);
      return getReportFile(app.ctx, request.params.id, requestLang(request));
    },
  );
}
