// Issue 11 (docs/api-contract.md "Screenings (issue 11)"): screening details and report files of a lease application,
// income verification reports, and the decisions of the approvals inbox (issue 23: a manager of the item's company or
// the provider's admin; another company's id answers 404 to a manager, a tenant 403).
// The searches (POST /screening/search, POST /INCOME_VERIFICATION/search) are the generic ones (routes/search).
import { moneyDecimalSchema } from '@portal/domain/money-schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { requireSession } from '../../plugins/auth.ts';
import { attachmentDisposition } from '../../services/documents/content-disposition.ts';
import {
  decidePendingLease,
  inboxCounts,
  listApplicationsForDecision,
  listPendingLeases,
  requireApplicationInScope,
} from '../../services/screening/admin-applications.ts';
import { approveApplication, declineApplication } from '../../services/screening/decide-application.ts';
import {
  getScreeningDetails,
  incomeReportFile,
  type ReportFile,
  screeningReportFile,
} from '../../services/screening/screening-reports.ts';
import { callerOf, consoleCallerOf } from '../../services/search/caller.ts';
import { leaseApplicationSchema } from '../applications/schemas.ts';
import { errorResponses, idParams } from '../schemas.ts';

const tags = ['screenings'];
const adminTags = ['admin'];

const applicationParams = z.object({ applicationId: z.string().min(1).max(64) });
const typeQuery = z.strictObject({ type: z.enum(['CREDIT', 'BASIC']) });

const potential = z.enum(['LOW', 'MEDIUM', 'HIGH']);
const scan = z.enum(['CLEAR', 'REVIEW', 'RECORDS_FOUND']);
const screenResultSchema = z.object({
  creditScore: z.number().nullable(),
  lateRentPotential: potential,
  criminalScan: scan,
  damageToProperty: potential,
  evictionPotential: potential,
  fraudScan: scan,
  globalClearanceScan: scan,
  globalSanctionsScan: scan,
  knownAffiliationsScan: scan,
  otherScan: scan,
  publicSafetyScan: scan,
  sexOffenderScan: scan,
});

const screeningDetailsSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  type: z.string(),
  status: z.string(),
  requestId: z.string().nullable(),
  screenResult: screenResultSchema.nullable(),
  completedAt: z.string().nullable(),
});

const personSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  recordsPerPage: z.coerce.number().int().min(1).max(400).default(20),
};
const paged = <T extends z.ZodType>(record: T) =>
  z.object({ records: z.array(record), totalPages: z.number(), totalRecords: z.number(), page: z.number() });

const isoDate = z.string().max(10).describe('YYYY-MM-DD');
const comment = z.string().max(1000).optional();

const approveApplicationBody = z.object({
  unit: z.string().max(32).optional(),
  startDate: isoDate,
  endDate: isoDate.optional(),
  monthlyPaymentDueDay: z.number().int().min(1).max(31).optional(),
  rentAmount: moneyDecimalSchema.max(1_000_000).optional(),
  comment,
});

const pendingLeaseSchema = z.object({
  id: z.string(),
  status: z.string(),
  origin: z.string().nullable(),
  unit: z.string().nullable(),
  accountId: z.string().nullable(),
  residencyType: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  monthlyPaymentDueDay: z.number(),
  createDate: z.string(),
  customer: personSchema,
  property: z.object({
    id: z.string(),
    propertyName: z.string(),
    street1: z.string(),
    city: z.string(),
    province: z.string(),
    postalCode: z.string(),
  }),
});

const pdfResponse = { 200: z.unknown().describe('The report (application/pdf), as an attachment'), ...errorResponses };

function sendPdf(reply: FastifyReply, file: ReportFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', file.bytes.length)
    .header('content-disposition', attachmentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

export default async function screeningRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/screening/:applicationId/details',
    {
      schema: {
        tags,
        summary: "A lease application's credit (CREDIT) or background (BASIC) screening: status, requestId, screenResult",
        description:
          "The application's owner, a manager of its company (issue 23) or an admin (anyone else: 404 " +
          'RM_ERROR_RECORD_NOT_FOUND). No such screening → 404 ' +
          'RM_ERROR_REPORT_NOT_AVAILABLE. screenResult is null until the provider answered (PASS, FAIL, REVIEW).',
        params: applicationParams,
        querystring: typeQuery,
        response: { 200: screeningDetailsSchema, ...errorResponses },
      },
    },
    async (request) =>
      getScreeningDetails(
        app.ctx,
        callerOf(requireSession(request), { managers: true }),
        request.params.applicationId,
        request.query.type,
      ) as Promise<z.infer<typeof screeningDetailsSchema>>,
  );

  app.get(
    '/screening/:applicationId/report',
    {
      schema: {
        tags,
        summary: "The screening provider's report (PDF) of a credit or background screening, as an attachment",
        description: 'Only once the screening is PASS, FAIL or REVIEW; else 404 RM_ERROR_REPORT_NOT_AVAILABLE.',
        params: applicationParams,
        querystring: typeQuery,
        response: pdfResponse,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await screeningReportFile(
          app.ctx,
          callerOf(requireSession(request), { managers: true }),
          request.params.applicationId,
          request.query.type,
        ),
      ),
  );

  app.get(
    '/income_verification/:id/report',
    {
      schema: {
        tags,
        summary: 'An income verification report (PDF), as an attachment (the pdfUrl of the income verification record)',
        params: idParams,
        response: pdfResponse,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await incomeReportFile(app.ctx, callerOf(requireSession(request), { managers: true }), request.params.id)),
  );

  // ---------------------------------------------------------------- the approvals inbox (issue 23)

  const consoleCaller = (request: Parameters<typeof requireSession>[0]) => consoleCallerOf(requireSession(request));

  app.get(
    '/admin/inbox/counts',
    {
      schema: {
        tags: adminTags,
        summary: "How many items wait in each part of the approvals inbox, within the caller's company (admin: all)",
        response: {
          200: z.object({ applications: z.number(), pendingLeases: z.number(), insurancePolicies: z.number() }),
          ...errorResponses,
        },
      },
    },
    async (request) => inboxCounts(app.ctx, consoleCaller(request)),
  );

  app.get(
    '/admin/lease_applications',
    {
      schema: {
        tags: adminTags,
        summary: 'Lease applications for a decision (status PENDING: submitted and waiting), newest submission first',
        querystring: z.strictObject({
          status: z.enum(['NOT_STARTED', 'IN_PROGRESS', 'PENDING', 'APPROVED', 'DECLINED', 'CANCELLED']).optional(),
          ...pageQuery,
        }),
        response: { 200: paged(leaseApplicationSchema.extend({ customer: personSchema.nullable() })), ...errorResponses },
      },
    },
    async (request) => listApplicationsForDecision(app.ctx, consoleCaller(request), request.query),
  );

  app.post(
    '/admin/lease_applications/:id/approve',
    {
      schema: {
        tags: adminTags,
        summary: 'Approve a PENDING lease application: creates its property lease and tells the tenant',
        description:
          'The lease: origin APPLICATION, PENDING until startDate (the job activates it that day), ACTIVE when it starts ' +
          'today or earlier; rentAmount (dollars) becomes its Rent charge. Not PENDING → 409 RM_ERROR_APPLICATION_LOCKED.',
        params: idParams,
        body: approveApplicationBody,
        response: { 200: leaseApplicationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const caller = consoleCaller(request);
      await requireApplicationInScope(app.ctx, caller, request.params.id);
      return approveApplication({ ctx: app.ctx, adminId: caller.id, actor: actorOf(request) }, request.params.id, request.body);
    },
  );

  app.post(
    '/admin/lease_applications/:id/decline',
    {
      schema: {
        tags: adminTags,
        summary: 'Decline a PENDING lease application and tell the tenant',
        description: 'Not PENDING → 409 RM_ERROR_APPLICATION_LOCKED.',
        params: idParams,
        body: z.object({ comment }).optional(),
        response: { 200: leaseApplicationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const caller = consoleCaller(request);
      await requireApplicationInScope(app.ctx, caller, request.params.id);
      return declineApplication(
        { ctx: app.ctx, adminId: caller.id, actor: actorOf(request) },
        request.params.id,
        request.body ?? {},
      );
    },
  );

  app.get(
    '/admin/pending_leases',
    {
      schema: {
        tags: adminTags,
        summary: 'Self sign-up leases waiting for approval (PENDING, origin SELF_SIGNUP), oldest first',
        querystring: z.strictObject(pageQuery),
        response: { 200: paged(pendingLeaseSchema), ...errorResponses },
      },
    },
    async (request) => listPendingLeases(app.ctx, consoleCaller(request), request.query),
  );

  const leaseDecision = (decision: 'approve' | 'decline') =>
    app.post(
      `/admin/property_leases/:id/${decision}`,
      {
        schema: {
          tags: adminTags,
          summary:
            decision === 'approve'
              ? 'Approve a self sign-up lease waiting for approval (ACTIVE) and tell the tenant'
              : 'Decline a self sign-up lease waiting for approval (TERMINATED) and tell the tenant',
          description: 'Not waiting for approval → 409 RM_ERROR_RECORD_LOCKED.',
          params: idParams,
          body: z.object({ comment }).optional(),
          response: {
            200: z.object({ id: z.string(), status: z.enum(['ACTIVE', 'TERMINATED']) }),
            ...errorResponses,
          },
        },
      },
      async (request) =>
        decidePendingLease(
          { ctx: app.ctx, caller: consoleCaller(request), actor: actorOf(request) },
          request.params.id,
          decision,
          request.body ?? {},
        ),
    );
  leaseDecision('approve');
  leaseDecision('decline');
}
