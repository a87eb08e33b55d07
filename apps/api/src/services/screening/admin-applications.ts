// What waits for the manager (issue 11; issue 23: the approvals inbox of the console): lease applications by status, and
// self sign-up leases waiting for approval, which a manager of the lease's company or the admin approves (ACTIVE) or
// declines (TERMINATED). A manager sees and decides only their company's items (another company's id: 404).
import { toIsoInstant } from '@portal/domain/dates';
import { leasePayability } from '@portal/domain/lease-payability';
import { and, count, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { companies, customers, insurancePolicies, leaseApplications, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { type LeaseApplicationRecord, toApplicationRecords } from '../applications/application-record.ts';
import { insertNotification } from '../notifications/notify.ts';
import { type ConsoleCaller, requireCompanyScope } from '../search/caller.ts';

export interface PageQuery {
  page: number;
  recordsPerPage: number;
}

export interface Paged<T> {
  records: T[];
  totalPages: number;
  totalRecords: number;
  page: number;
}

const paged = <T>(records: T[], total: number, q: PageQuery): Paged<T> => ({
  records,
  totalRecords: total,
  totalPages: Math.ceil(total / q.recordsPerPage),
  page: q.page,
});

type Customer = { id: string; firstName: string; lastName: string; email: string };

/** Applications of one status (every status when absent), the newest submission first. */
export async function listApplicationsForDecision(
  ctx: AppContext,
  caller: ConsoleCaller,
  q: PageQuery & { status?: string },
): Promise<Paged<LeaseApplicationRecord & { customer: Customer | null }>> {
  const scope: SQL[] = [];
  if (q.status) scope.push(eq(leaseApplications.status, q.status));
  if (caller.role === 'manager') scope.push(eq(leaseApplications.companyId, caller.companyId));
  const where = scope.length ? and(...scope) : undefined;
  const [{ total }] = await ctx.db.select({ total: count() }).from(leaseApplications).where(where);
  const rows = await ctx.db
    .select({
      app: leaseApplications,
      customer: { id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email },
    })
    .from(leaseApplications)
    .leftJoin(customers, eq(customers.id, leaseApplications.customerId))
    .where(where)
    .orderBy(desc(leaseApplications.submittedAt), desc(leaseApplications.createdAt), leaseApplications.id)
    .limit(q.recordsPerPage)
    .offset((q.page - 1) * q.recordsPerPage);
  const answers = await toApplicationRecords(
    ctx.db,
    rows.map((r) => r.app),
  );
  return paged(
    answers.map((a, i) => ({ ...a, customer: rows[i]?.customer?.id ? (rows[i].customer as Customer) : null })),
    Number(total),
    q,
  );
}

const pendingApproval = and(
  eq(propertyLeases.status, 'PENDING'),
  eq(propertyLeases.origin, 'SELF_SIGNUP'),
  isNull(propertyLeases.approvedAt),
);

/** The pending self sign-up leases the caller may decide: the admin every company's, a manager their company's. */
const pendingApprovalOf = (caller: ConsoleCaller) =>
  caller.role === 'manager' ? and(pendingApproval, eq(propertyLeases.companyId, caller.companyId)) : pendingApproval;

export async function listPendingLeases(ctx: AppContext, caller: ConsoleCaller, q: PageQuery) {
  const where = pendingApprovalOf(caller);
  const [{ total }] = await ctx.db.select({ total: count() }).from(propertyLeases).where(where);
  const rows = await ctx.db
    .select({
      lease: propertyLeases,
      customer: { id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email },
      property: {
        id: properties.id,
        propertyName: properties.propertyName,
        street1: properties.street1,
        city: properties.city,
        province: properties.province,
        postalCode: properties.postalCode,
      },
    })
    .from(propertyLeases)
    .innerJoin(customers, eq(customers.id, propertyLeases.userId))
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .where(where)
    .orderBy(propertyLeases.createdAt, propertyLeases.id)
    .limit(q.recordsPerPage)
    .offset((q.page - 1) * q.recordsPerPage);
  return paged(
    rows.map(({ lease, customer, property }) => ({
      id: lease.id,
      status: lease.status,
      origin: lease.origin,
      unit: lease.unit,
      accountId: lease.accountId,
      residencyType: lease.residencyType,
      startDate: lease.startDate,
      endDate: lease.endDate,
      monthlyPaymentDueDay: lease.monthlyPaymentDueDay,
      createDate: toIsoInstant(lease.createdAt),
      customer,
      property,
    })),
    Number(total),
    q,
  );
}

/** Approves (ACTIVE, approvedAt now) or declines (TERMINATED) a self sign-up lease waiting for approval. */
export async function decidePendingLease(
  input: { ctx: AppContext; caller: ConsoleCaller; actor: Actor },
  id: string,
  decision: 'approve' | 'decline',
  body: { comment?: string },
): Promise<{ id: string; status: 'ACTIVE' | 'TERMINATED' }> {
  const { ctx, actor } = input;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [lease] = await tx.select().from(propertyLeases).where(eq(propertyLeases.id, id)).for('update');
    if (!lease?.userId) throw AppError.notFound('Lease'); // a self sign-up lease always has its tenant
    requireCompanyScope(input.caller, lease.companyId, 'Lease'); // another company's lease: 404 (ARCHITECTURE "Roles")
    if (lease.status !== 'PENDING' || lease.origin !== 'SELF_SIGNUP' || lease.approvedAt != null) {
      throw new AppError('RM_ERROR_RECORD_LOCKED', 'server.adminApplications.leaseNotPending', { statusCode: 409 });
    }
    const status = decision === 'approve' ? 'ACTIVE' : 'TERMINATED';
    const comment = body.comment?.trim() || null;
    await tx
      .update(propertyLeases)
      .set({
        status,
        approvedAt: decision === 'approve' ? now.toISOString() : null,
        updatedAt: now.toISOString(),
      })
      .where(eq(propertyLeases.id, id));
    await recordAudit(tx, {
      recordType: 'property_lease',
      recordId: id,
      action: decision === 'approve' ? 'APPROVE' : 'DECLINE',
      changes: { status: { from: 'PENDING', to: status }, ...(comment ? { comment } : {}) },
      actor,
    });
    const [property] = await tx
      .select({ propertyName: properties.propertyName })
      .from(properties)
      .where(eq(properties.id, lease.propertyId))
      .limit(1);
    // issue 21 §1: the approval notice promises payment in the portal only where the lease card offers it
    const [company] = await tx
      .select({ onlyPMPaymentAllowed: companies.onlyPMPaymentAllowed })
      .from(companies)
      .where(eq(companies.id, lease.companyId))
      .limit(1);
    const payable = leasePayability({ status, onlyPMPaymentAllowed: company?.onlyPMPaymentAllowed }).pay;
    await insertNotification(tx, {
      userId: lease.userId,
      billingAccountId: id,
      kind: decision === 'approve' ? 'LEASE_APPROVED' : 'LEASE_DECLINED',
      params: { propertyName: property?.propertyName ?? null, unit: lease.unit, comment, payable },
      dedupeKey: `lease-decided:${id}`,
      createdAt: now,
    });
    return { id, status };
  });
}

/**
 * A lease application the console caller may decide, else 404 (unknown, or another company's for a manager: the same
 * answer, so ids cannot be probed).
 */
export async function requireApplicationInScope(ctx: AppContext, caller: ConsoleCaller, id: string): Promise<void> {
  const [row] = await ctx.db
    .select({ companyId: leaseApplications.companyId })
    .from(leaseApplications)
    .where(eq(leaseApplications.id, id))
    .limit(1);
  if (!row || (caller.role === 'manager' && row.companyId !== caller.companyId)) {
    throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.screening.applicationNotFound');
  }
}

export interface InboxCounts {
  applications: number;
  pendingLeases: number;
  insurancePolicies: number;
}

/** How many items wait in each part of the approvals inbox (issue 23), within the caller's scope. */
export async function inboxCounts(ctx: AppContext, caller: ConsoleCaller): Promise<InboxCounts> {
  const company = caller.role === 'manager' ? caller.companyId : null;
  const appWhere = and(eq(leaseApplications.status, 'PENDING'), company ? eq(leaseApplications.companyId, company) : undefined);
  const policyWhere = and(
    eq(insurancePolicies.approvalStatus, 'PENDING'),
    ne(insurancePolicies.status, 'CANCELLED'),
    company
      ? sql`exists (select 1 from ${propertyLeases} where ${propertyLeases.id} = ${insurancePolicies.leaseId} and ${propertyLeases.companyId} = ${company})`
      : undefined,
  );
  const [[a], [l], [p]] = await Promise.all([
    ctx.db.select({ n: count() }).from(leaseApplications).where(appWhere),
    ctx.db.select({ n: count() }).from(propertyLeases).where(pendingApprovalOf(caller)),
    ctx.db.select({ n: count() }).from(insurancePolicies).where(policyWhere),
  ]);
  return { applications: Number(a.n), pendingLeases: Number(l.n), insurancePolicies: Number(p.n) };
}
