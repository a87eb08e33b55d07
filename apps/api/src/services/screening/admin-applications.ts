// What waits for the manager (issue 11; an admin until the manager console exists): lease applications by status, and
// self sign-up leases waiting for approval, which the admin approves (ACTIVE) or declines (TERMINATED).
import { toIsoInstant } from '@portal/domain/dates';
import { leasePayability } from '@portal/domain/lease-payability';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { companies, customers, leaseApplications, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { type LeaseApplicationRecord, toApplicationRecords } from '../applications/application-record.ts';
import { insertNotification } from '../notifications/notify.ts';

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
  q: PageQuery & { status?: string },
): Promise<Paged<LeaseApplicationRecord & { customer: Customer | null }>> {
  const where = q.status ? eq(leaseApplications.status, q.status) : undefined;
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

export async function listPendingLeases(ctx: AppContext, q: PageQuery) {
  const [{ total }] = await ctx.db.select({ total: count() }).from(propertyLeases).where(pendingApproval);
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
    .where(pendingApproval)
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
  input: { ctx: AppContext; actor: Actor },
  id: string,
  decision: 'approve' | 'decline',
  body: { comment?: string },
): Promise<{ id: string; status: 'ACTIVE' | 'TERMINATED' }> {
  const { ctx, actor } = input;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [lease] = await tx.select().from(propertyLeases).where(eq(propertyLeases.id, id)).for('update');
    if (!lease?.userId) throw AppError.notFound('Lease'); // a self sign-up lease always has its tenant
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
