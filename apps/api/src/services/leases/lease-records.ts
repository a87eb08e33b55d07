// The console's view of one lease (issue 23): the lease found within the caller's scope (another company's id answers
// 404, ARCHITECTURE "Roles"), and its details as the manager's lease page shows them.
import { toIsoInstant } from '@portal/domain/dates';
import { fromCents } from '@portal/domain/money';
import { getChargeCodes } from '@portal/domain/payment-amounts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, customers, leaseInvitations, openCharges, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type ConsoleCaller, requireCompanyScope } from '../search/caller.ts';

export type LeaseRow = typeof propertyLeases.$inferSelect;
export type InvitationRow = typeof leaseInvitations.$inferSelect;
export type InvitationState = 'PENDING' | 'EXPIRED' | 'ACCEPTED' | 'REVOKED';

/** The lease if the caller may act on it (admin: any; manager: their company's), locked for update when asked; else 404. */
export async function findConsoleLease(
  db: Executor,
  caller: ConsoleCaller,
  leaseId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<LeaseRow> {
  const query = db.select().from(propertyLeases).where(eq(propertyLeases.id, leaseId)).limit(1);
  const [lease] = opts.forUpdate ? await query.for('update') : await query;
  if (!lease) throw AppError.notFound('Lease');
  requireCompanyScope(caller, lease.companyId, 'Lease');
  return lease;
}

/** A TERMINATED lease is final (spec 1 §4: it disables every payment); it takes no more changes. */
export function refuseTerminated(lease: LeaseRow): void {
  if (lease.status === 'TERMINATED') {
    throw new AppError('RM_ERROR_RECORD_LOCKED', 'server.leases.terminated');
  }
}

export function invitationState(inv: InvitationRow, now: Date): InvitationState {
  if (inv.acceptedAt) return 'ACCEPTED';
  if (inv.revokedAt) return 'REVOKED';
  return Date.parse(inv.expiresAt) <= now.getTime() ? 'EXPIRED' : 'PENDING';
}

export function invitationDto(inv: InvitationRow, now: Date) {
  return {
    id: inv.id,
    email: inv.email,
    firstName: inv.firstName,
    lastName: inv.lastName,
    languageCode: inv.languageCode,
    state: invitationState(inv, now),
    expiresAt: toIsoInstant(inv.expiresAt),
    createdAt: toIsoInstant(inv.createdAt),
    acceptedAt: inv.acceptedAt ? toIsoInstant(inv.acceptedAt) : null,
  };
}

export const chargesOut = (lines: { code: string; name: string; amount: number }[]) =>
  lines.map((c) => ({ code: c.code, name: c.name, amount: fromCents(c.amount) }));

/** The open charges of a lease: how many still have a balance, and that balance (decimal). */
export async function openChargeSummary(db: Executor, leaseId: string): Promise<{ count: number; balance: number }> {
  const [row] = await db
    .select({ count: sql<string>`count(*)`, balance: sql<string>`coalesce(sum(${openCharges.balance}), 0)` })
    .from(openCharges)
    .where(and(eq(openCharges.billingAccountId, leaseId), gt(openCharges.balance, 0)));
  return { count: Number(row?.count ?? 0), balance: fromCents(Number(row?.balance ?? 0)) };
}

/** The lease page's record: settings, tenant (null until the invitation is accepted), the latest invitation. */
export async function getLeaseDetails(db: Executor, caller: ConsoleCaller, leaseId: string, now: Date) {
  const lease = await findConsoleLease(db, caller, leaseId);
  const [[property], [company], tenantRows, [invitation], open] = await Promise.all([
    db
      .select({ name: properties.propertyName, payByText: properties.payByTextEnabled })
      .from(properties)
      .where(eq(properties.id, lease.propertyId))
      .limit(1),
    db
      .select({ name: companies.name, chargeCodes: companies.chargeCodes, country: companies.country })
      .from(companies)
      .where(eq(companies.id, lease.companyId))
      .limit(1),
    lease.userId
      ? db
          .select({
            id: customers.id,
            firstName: customers.firstName,
            lastName: customers.lastName,
            email: customers.email,
          })
          .from(customers)
          .where(eq(customers.id, lease.userId))
          .limit(1)
      : Promise.resolve([]),
    db
      .select()
      .from(leaseInvitations)
      .where(eq(leaseInvitations.leaseId, lease.id))
      .orderBy(sql`${leaseInvitations.createdAt} DESC`, sql`${leaseInvitations.id} DESC`)
      .limit(1),
    openChargeSummary(db, lease.id),
  ]);
  return {
    id: lease.id,
    status: lease.status,
    origin: lease.origin,
    unit: lease.unit,
    propertyId: lease.propertyId,
    propertyName: property?.name ?? '',
    propertyPayByTextEnabled: property?.payByText ?? false,
    companyId: lease.companyId,
    companyName: company?.name ?? '',
    /** The company's currency (amounts are in it): USD in the US, CAD in Canada. */
    currency: company?.country === 'US' ? ('USD' as const) : ('CAD' as const),
    startDate: lease.startDate,
    endDate: lease.endDate,
    monthlyPaymentDueDay: lease.monthlyPaymentDueDay,
    charges: chargesOut(lease.charges),
    requireAutoPay: lease.requireAutoPay,
    blockPayments: lease.blockPayments as Record<string, { blocked?: boolean; blockedSplit?: boolean }>,
    blockPartialPayments: lease.blockPartialPayments,
    payByTextEnabled: lease.payByTextEnabled,
    tenantNotes: lease.tenantNotes,
    terminatedAt: lease.terminatedAt ? toIsoInstant(lease.terminatedAt) : null,
    tenant: tenantRows[0] ?? null,
    invitation: invitation ? invitationDto(invitation, now) : null,
    chargeCodes: getChargeCodes(company ?? null),
    openCharges: open,
  };
}

/** The live invitation of a lease (not accepted, not revoked; possibly expired), if any. */
export async function liveInvitation(db: Executor, leaseId: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(leaseInvitations)
    .where(and(eq(leaseInvitations.leaseId, leaseId), isNull(leaseInvitations.acceptedAt), isNull(leaseInvitations.revokedAt)))
    .limit(1);
  return row;
}

/** The properties a lease may be created at: the manager's company's, every company's for the admin (by name). */
export async function leaseProperties(db: Executor, caller: ConsoleCaller) {
  const rows = await db
    .select({
      id: properties.id,
      propertyName: properties.propertyName,
      city: properties.city,
      companyId: properties.companyId,
      companyName: companies.name,
      chargeCodes: companies.chargeCodes,
    })
    .from(properties)
    .innerJoin(companies, eq(companies.id, properties.companyId))
    .where(caller.role === 'manager' ? eq(properties.companyId, caller.companyId) : undefined)
    .orderBy(properties.propertyName, properties.id)
    .limit(PROPERTIES_MAX);
  // each with the charge codes of its company (or the spec's defaults) for the new lease's lines
  return { records: rows.map((r) => ({ ...r, chargeCodes: getChargeCodes(r) })) };
}
/** A console select shows at most this many properties (a company's portfolio; the admin's every company). */
export const PROPERTIES_MAX = 1000;
