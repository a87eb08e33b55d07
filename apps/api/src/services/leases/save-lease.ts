// issue 23 "Leases": a manager creates, edits and ends a lease of their company (spec 1 §3 Property lease, spec 2 §6:
// blockPayments, blockPartialPayments, pay-by-text). Every change is audited with from/to. Charges already posted
// (open_charges) are never touched here: the lease's charges are the recurring lines the monthly posting will use.

import { toCents } from '@portal/domain/money';
import { getChargeCodes } from '@portal/domain/payment-amounts';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { type ChargeLine, companies, leaseInvitations, properties, propertyLeases, recurringSchedules } from '../../db/schema.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { type Actor, diffRecords, recordAudit } from '../../lib/audit.ts';
import type { ConsoleCaller } from '../search/caller.ts';
import { findConsoleLease, getLeaseDetails, openChargeSummary, refuseTerminated } from './lease-records.ts';

export interface LeaseSettings {
  unit?: string | null;
  startDate?: string;
  endDate?: string | null;
  monthlyPaymentDueDay?: number;
  charges?: { code: string; name?: string; amount: number }[];
  requireAutoPay?: boolean;
  blockPayments?: Record<string, { blocked: boolean; blockedSplit?: boolean } | undefined>;
  blockPartialPayments?: boolean;
  payByTextEnabled?: boolean | null;
  tenantNotes?: string | null;
}

/** The lines in cents, each code one of the company's charge codes (or the spec's default codes), its name filled in. */
async function chargeLines(db: Executor, companyId: string, lines: NonNullable<LeaseSettings['charges']>): Promise<ChargeLine[]> {
  const [company] = await db
    .select({ chargeCodes: companies.chargeCodes })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const codes = getChargeCodes(company ?? null);
  const errors: FieldError[] = [];
  const out = lines.map((line, i) => {
    const known = codes.find((c) => c.code.toLowerCase() === line.code.toLowerCase());
    if (!known) {
      errors.push({ field: `charges.${i}.code`, message: 'server.leases.unknownChargeCode', values: { code: line.code } });
    }
    return { code: known?.code ?? line.code, name: line.name || known?.name || line.code, amount: toCents(line.amount) };
  });
  if (errors.length) throw AppError.validation(errors, 'server.leases.unknownChargeCode');
  return out;
}

/** Only the flags given, as booleans (the stored shape of spec 1 §3 blockPayments). */
function blockPaymentsOf(value: NonNullable<LeaseSettings['blockPayments']>) {
  const out: Record<string, { blocked: boolean; blockedSplit?: boolean }> = {};
  for (const [type, flag] of Object.entries(value)) {
    if (!flag) continue;
    out[type] =
      type === 'TYPE_CREDIT_CARD' ? { blocked: flag.blocked, blockedSplit: !!flag.blockedSplit } : { blocked: flag.blocked };
  }
  return out;
}

/** POST /property_lease/create: a lease with no tenant yet (PENDING, origin INVITATION) until its invitation is accepted. */
export async function createLease(
  ctx: AppContext,
  caller: ConsoleCaller,
  actor: Actor,
  body: LeaseSettings & {
    propertyId: string;
    startDate: string;
    monthlyPaymentDueDay: number;
    charges: NonNullable<LeaseSettings['charges']>;
  },
) {
  const [property] = await ctx.db
    .select({ id: properties.id, companyId: properties.companyId })
    .from(properties)
    .where(eq(properties.id, body.propertyId))
    .limit(1);
  // A property of another company is refused as unknown, on its field (ARCHITECTURE "Roles": 404, never 403).
  if (!property || (caller.role === 'manager' && property.companyId !== caller.companyId)) {
    throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.leases.propertyNotFound', {
      fieldErrors: [{ field: 'propertyId', errorCode: 'RM_ERROR_RECORD_NOT_FOUND', message: 'server.leases.propertyNotFound' }],
    });
  }
  const charges = await chargeLines(ctx.db, property.companyId, body.charges);
  const id = await ctx.db.transaction(async (tx) => {
    const values = {
      status: 'PENDING',
      origin: 'INVITATION',
      unit: body.unit ?? null,
      userId: null,
      propertyId: property.id,
      companyId: property.companyId,
      startDate: body.startDate,
      endDate: body.endDate ?? null,
      monthlyPaymentDueDay: body.monthlyPaymentDueDay,
      charges,
      requireAutoPay: body.requireAutoPay ?? false,
      blockPayments: blockPaymentsOf(body.blockPayments ?? {}),
      blockPartialPayments: body.blockPartialPayments ?? false,
      payByTextEnabled: body.payByTextEnabled ?? null,
      tenantNotes: body.tenantNotes ?? null,
      // set up by the manager: nothing for an approver to decide (GET /admin/pending_leases lists self sign-ups only)
      approvedAt: ctx.now().toISOString(),
    };
    const [row] = await tx.insert(propertyLeases).values(values).returning({ id: propertyLeases.id });
    await recordAudit(tx, { recordType: 'property_lease', recordId: row.id, action: 'CREATE', changes: values, actor });
    return row.id;
  });
  return getLeaseDetails(ctx.db, caller, id, ctx.now());
}

/** PATCH /property_lease/{id}/update: the settings given change (audited from/to); a TERMINATED lease refuses (409). */
export async function updateLease(ctx: AppContext, caller: ConsoleCaller, actor: Actor, leaseId: string, body: LeaseSettings) {
  await ctx.db.transaction(async (tx) => {
    const lease = await findConsoleLease(tx, caller, leaseId, { forUpdate: true });
    refuseTerminated(lease);
    const startDate = body.startDate ?? lease.startDate;
    const endDate = body.endDate !== undefined ? body.endDate : lease.endDate;
    if (startDate && endDate && endDate < startDate) {
      throw AppError.onField(body.endDate !== undefined ? 'endDate' : 'startDate', 'validation.date.endBeforeStart');
    }
    const next: Partial<LeaseRowChanges> = {};
    if (body.unit !== undefined) next.unit = body.unit;
    if (body.startDate !== undefined) next.startDate = body.startDate;
    if (body.endDate !== undefined) next.endDate = body.endDate;
    if (body.monthlyPaymentDueDay !== undefined) next.monthlyPaymentDueDay = body.monthlyPaymentDueDay;
    if (body.charges !== undefined) next.charges = await chargeLines(tx, lease.companyId, body.charges);
    if (body.requireAutoPay !== undefined) next.requireAutoPay = body.requireAutoPay;
    if (body.blockPayments !== undefined) next.blockPayments = blockPaymentsOf(body.blockPayments);
    if (body.blockPartialPayments !== undefined) next.blockPartialPayments = body.blockPartialPayments;
    if (body.payByTextEnabled !== undefined) next.payByTextEnabled = body.payByTextEnabled;
    if (body.tenantNotes !== undefined) next.tenantNotes = body.tenantNotes;
    const changes = diffRecords(lease as unknown as Record<string, unknown>, next);
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(propertyLeases)
      .set({ ...next, updatedAt: ctx.now().toISOString() })
      .where(eq(propertyLeases.id, lease.id));
    await recordAudit(tx, { recordType: 'property_lease', recordId: lease.id, action: 'UPDATE', changes, actor });
  });
  return getLeaseDetails(ctx.db, caller, leaseId, ctx.now());
}

type LeaseRowChanges = Pick<
  typeof propertyLeases.$inferInsert,
  | 'unit'
  | 'startDate'
  | 'endDate'
  | 'monthlyPaymentDueDay'
  | 'charges'
  | 'requireAutoPay'
  | 'blockPayments'
  | 'blockPartialPayments'
  | 'payByTextEnabled'
  | 'tenantNotes'
>;

/**
 * POST /property_lease/{id}/terminate: status TERMINATED with its end date and terminated_at; the lease's autopay
 * schedules stop (active false) and a live invitation is revoked. Open charges stay owed on the ledger as they are
 * (no new rent is posted for a TERMINATED lease; the manager settles them by a credit), and the answer counts them.
 */
export async function terminateLease(
  ctx: AppContext,
  caller: ConsoleCaller,
  actor: Actor,
  leaseId: string,
  body: { endDate: string },
) {
  const now = ctx.now().toISOString();
  const schedulesDeactivated = await ctx.db.transaction(async (tx) => {
    const lease = await findConsoleLease(tx, caller, leaseId, { forUpdate: true });
    refuseTerminated(lease);
    if (lease.startDate && body.endDate < lease.startDate) throw AppError.onField('endDate', 'validation.date.endBeforeStart');
    await tx
      .update(propertyLeases)
      .set({ status: 'TERMINATED', endDate: body.endDate, terminatedAt: now, updatedAt: now })
      .where(eq(propertyLeases.id, lease.id));
    const stopped = await tx
      .update(recurringSchedules)
      .set({ active: false, updatedAt: now })
      .where(and(eq(recurringSchedules.billingAccountId, lease.id), eq(recurringSchedules.active, true)))
      .returning({ id: recurringSchedules.id });
    const revoked = await tx
      .update(leaseInvitations)
      .set({ revokedAt: now })
      .where(and(eq(leaseInvitations.leaseId, lease.id), liveCondition()))
      .returning({ id: leaseInvitations.id });
    await recordAudit(tx, {
      recordType: 'property_lease',
      recordId: lease.id,
      action: 'TERMINATE',
      changes: {
        status: { from: lease.status, to: 'TERMINATED' },
        endDate: { from: lease.endDate, to: body.endDate },
        terminatedAt: { from: null, to: now },
        recurringSchedulesDeactivated: stopped.map((s) => s.id),
        invitationsRevoked: revoked.map((r) => r.id),
      },
      actor,
    });
    for (const s of stopped) {
      await recordAudit(tx, {
        recordType: 'recurring_schedule',
        recordId: s.id,
        action: 'UPDATE',
        changes: { active: { from: true, to: false }, reason: 'LEASE_TERMINATED' },
        actor,
      });
    }
    return stopped.length;
  });
  const lease = await getLeaseDetails(ctx.db, caller, leaseId, ctx.now());
  return { lease, schedulesDeactivated, openCharges: await openChargeSummary(ctx.db, leaseId) };
}

const liveCondition = () => and(isNull(leaseInvitations.acceptedAt), isNull(leaseInvitations.revokedAt));
