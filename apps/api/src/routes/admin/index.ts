// Admin: tenants to pick from and mimic (spec 1 §4 Mimic mode, §6 Roles: an admin may mimic a tenant).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { requireSession } from '../../plugins/auth.ts';
import { findTenants, getTenantByLease } from '../../services/admin/find-tenants.ts';
import { startMimicSession } from '../../services/admin/start-mimic.ts';
import { consoleCallerOf } from '../../services/search/caller.ts';
import { errorResponses } from '../schemas.ts';

const tags = ['admin'];
const leaseIdSchema = z.string().min(1).max(64);

const adminTenantSchema = z.object({
  leaseId: z.string(),
  status: z.string(),
  unit: z.string().nullable(),
  // issue 23: null while the lease waits for its invited tenant (invitation then says to whom and whether it expired)
  customer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  property: z.object({ id: z.string(), propertyName: z.string(), city: z.string(), province: z.string() }),
  invitation: z.object({ email: z.string(), state: z.enum(['PENDING', 'EXPIRED']) }).nullable(),
});

const tenantsQuerySchema = z.strictObject({
  search: z.string().max(100).optional(),
  propertyId: z.string().min(1).max(64).optional(),
  status: z.enum(['ACTIVE', 'PENDING', 'TERMINATED', 'SUSPENDED']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  recordsPerPage: z.coerce.number().int().min(1).max(400).default(20),
});

export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/tenants',
    {
      schema: {
        tags,
        summary:
          'Leases (with or without their tenant yet), searched on tenant name or email, unit and property name, street or city; filtered by property and status',
        querystring: tenantsQuerySchema,
        response: {
          200: z.object({
            records: z.array(adminTenantSchema),
            totalPages: z.number(),
            totalRecords: z.number(),
            page: z.number(),
          }),
          ...errorResponses,
        },
      },
    },
    // issue 23: the manager's console too, limited to the manager's company
    async (request) => findTenants(app.ctx.db, consoleCallerOf(requireSession(request)), request.query),
  );

  app.get(
    '/admin/tenants/:leaseId',
    {
      schema: {
        tags,
        summary: 'One tenant lease',
        params: z.object({ leaseId: leaseIdSchema }),
        response: { 200: adminTenantSchema, ...errorResponses },
      },
    },
    async (request) => getTenantByLease(app.ctx.db, consoleCallerOf(requireSession(request)), request.params.leaseId),
  );

  app.post(
    '/admin/mimic',
    {
      schema: {
        tags,
        summary: "A token acting as the lease's tenant (the JWT carries mimic { adminId, leaseId })",
        body: z.strictObject({ leaseId: leaseIdSchema }),
        response: { 200: z.object({ access_token: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      // spec 1 §6 "Admin or manager: may mimic a tenant": a manager only their own company's tenants (else 404)
      const caller = consoleCallerOf(requireSession(request));
      await getTenantByLease(app.ctx.db, caller, request.body.leaseId);
      return startMimicSession(app.ctx, {
        adminSession: requireSession(request),
        leaseId: request.body.leaseId,
        actor: actorOf(request),
      });
    },
  );
}
