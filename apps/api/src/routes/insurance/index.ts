// spec 2 §7 "Documents and insurance": the tenant's uploaded policies (update, terminate) and their review by an admin
// (docs/api-contract.md "Insurance"). The policy is created by POST /create (TYPE_INSURANCE_POLICY, create/registry.ts),
// its proof uploaded by POST /INSURANCE_POLICY/{id}/upload and listed by POST /INSURANCE_POLICY/search.
import { INSURANCE_APPROVAL_STATUSES } from '@portal/domain/entities';
import {
  adminInsurancePolicySchema,
  insurancePolicyRecordSchema,
  reviewInsurancePolicyBodySchema,
  updateInsurancePolicyBodySchema,
} from '@portal/domain/insurance-shapes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { requireCustomer, requireSession } from '../../plugins/auth.ts';
import { listPoliciesForReview, reviewInsurancePolicy } from '../../services/insurance/review-policy.ts';
import { terminateInsurancePolicy } from '../../services/insurance/terminate-policy.ts';
import { updateInsurancePolicy } from '../../services/insurance/update-policy.ts';
import { consoleCallerOf } from '../../services/search/caller.ts';
import { errorResponses, idParams } from '../schemas.ts';

const tags = ['insurance'];

export default async function insuranceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // spec 2 §7: PATCH, and "one part of the source uses a put for the update" (the PUT is the same call, hidden)
  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/INSURANCE_POLICY/:id/update',
      schema: {
        tags,
        hide: method === 'PUT',
        summary: "Edit the caller's uploaded policy → status CHANGED, approval back to PENDING",
        description:
          "The fields sent replace the policy's (spec 2 §5: first name, last name and carrier stay required; the start " +
          'date not after the end or effective date; the policy number unique per lease, else 409 ' +
          'RM_ERROR_RECORD_ALREADY_EXIST). A terminated (CANCELLED) policy or a partner policy cannot change: 409 ' +
          'RM_ERROR_RECORD_LOCKED. The changed policy waits for a new review (approvalStatus PENDING, comment cleared). ' +
          'A new proof replaces the old one through POST /INSURANCE_POLICY/{id}/upload.',
        params: idParams,
        body: updateInsurancePolicyBodySchema,
        response: { 200: insurancePolicyRecordSchema, ...errorResponses },
      },
      handler: async (request) =>
        updateInsurancePolicy(app.ctx, requireCustomer(request), actorOf(request), request.params.id, request.body),
    });
  }

  app.post(
    '/INSURANCE_POLICY/:id/terminate',
    {
      schema: {
        tags,
        summary: "Terminate the caller's uploaded policy → status CANCELLED (irreversible)",
        description:
          'spec 2 §7 names no path for this call. Sets status CANCELLED, insuranceTerminated true and terminatedAt. ' +
          'Only a TENANT_UPLOAD policy not yet terminated; a partner policy (NUERA, MELLO, APOLLO) is ended with the ' +
          'partner, and a terminated policy stays so: 409 RM_ERROR_RECORD_LOCKED.',
        params: idParams,
        response: { 200: insurancePolicyRecordSchema, ...errorResponses },
      },
    },
    async (request) => terminateInsurancePolicy(app.ctx, requireCustomer(request), actorOf(request), request.params.id),
  );

  app.get(
    '/admin/insurance_policies',
    {
      schema: {
        tags: ['admin', ...tags],
        summary: 'Policies by approval status (PENDING by default), newest first, with their tenant and property',
        description:
          "issue 23: a property manager sees their company's policies (through the policy's lease), the admin all; " +
          'a tenant 403.',
        querystring: z.strictObject({
          status: z.enum(INSURANCE_APPROVAL_STATUSES).default('PENDING'),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          recordsPerPage: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({
            records: z.array(adminInsurancePolicySchema),
            totalPages: z.number(),
            totalRecords: z.number(),
            page: z.number(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => listPoliciesForReview(app.ctx, consoleCallerOf(requireSession(request)), request.query),
  );

  app.post(
    '/admin/insurance_policies/:id/review',
    {
      schema: {
        tags: ['admin', ...tags],
        summary: 'Approve or reject a policy with a comment; the tenant is told (notification, e-mail)',
        description:
          'Sets approvalStatus, approvalStatusComment, reviewedAt and reviewedBy. A terminated policy cannot be ' +
          "reviewed: 409 RM_ERROR_RECORD_LOCKED. A manager of the lease's company or the admin (issue 23); another " +
          "company's policy answers 404 to a manager; a tenant 403.",
        params: idParams,
        body: reviewInsurancePolicyBodySchema,
        response: { 200: insurancePolicyRecordSchema, ...errorResponses },
      },
    },
    async (request) =>
      reviewInsurancePolicy(app.ctx, consoleCallerOf(requireSession(request)), actorOf(request), request.params.id, request.body),
  );
}
