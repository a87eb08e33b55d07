// The manager's decision on a submitted (PENDING) lease application (issue 11; an admin until the manager console
// exists). Approving creates the property lease (origin APPLICATION, PENDING until its start date, then ACTIVE: the job
// activates it) with the rent as its charge; declining closes the application. Both in one transaction with the
// application row locked (two admins at once: the second gets 409), the tenant told, the audit written.
import { isValidIsoDate } from '@portal/domain/dates';
import { toCents } from '@portal/domain/money';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { leaseApplications, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { type LeaseApplicationRecord, toApplicationRecordOf } from '../applications/application-record.ts';
import { insertNotification } from '../notifications/notify.ts';

export interface ApproveApplicationBody {
  unit?: string;
  /** YYYY-MM-DD */
  startDate: string;
  endDate?: string;
  monthlyPaymentDueDay?: number;
  /** Dollars. */
  rentAmount?: number;
  comment?: string;
}

export interface DeclineApplicationBody {
  comment?: string;
}

interface Decider {
  ctx: AppContext;
  adminId: string;
  actor: Actor;
}

const notPending = () => new AppError('RM_ERROR_APPLICATION_LOCKED', 'server.adminApplications.notPending', { statusCode: 409 });

async function lockPending(tx: Executor, id: string) {
  const [row] = await tx.select().from(leaseApplications).where(eq(leaseApplications.id, id)).for('update');
  if (!row) throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.screening.applicationNotFound');
  if (row.status !== 'PENDING') throw notPending();
  return row;
}

async function recordOf(ctx: AppContext, id: string): Promise<LeaseApplicationRecord> {
  const [row] = await ctx.db.select().from(leaseApplications).where(eq(leaseApplications.id, id)).limit(1);
  if (!row) throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.screening.applicationNotFound');
  return toApplicationRecordOf(ctx.db, row);
}

function checkDates(body: ApproveApplicationBody): void {
  if (!isValidIsoDate(body.startDate)) {
    throw AppError.onField('startDate', 'server.adminApplications.invalidDate', { fieldValue: body.startDate });
  }
  if (body.endDate) {
    if (!isValidIsoDate(body.endDate)) {
      throw AppError.onField('endDate', 'server.adminApplications.invalidDate', { fieldValue: body.endDate });
    }
    if (body.endDate <= body.startDate) throw AppError.onField('endDate', 'server.adminApplications.endBeforeStart');
  }
}

export async function approveApplication(
  { ctx, adminId, actor }: Decider,
  id: string,
  body: ApproveApplicationBody,
): Promise<LeaseApplicationRecord> {
  checkDates(body);
  const now = ctx.now();
  const today = now.toISOString().slice(0, 10);
  const decided = await ctx.db.transaction(async (tx) => {
    const app = await lockPending(tx, id);
    if (!app.propertyId) throw AppError.onField('propertyId', 'server.adminApplications.noProperty');
    const [property] = await tx.select().from(properties).where(eq(properties.id, app.propertyId)).limit(1);
    if (!property) throw AppError.onField('propertyId', 'server.adminApplications.noProperty');
    const status = body.startDate > today ? 'PENDING' : 'ACTIVE';
    const rent = body.rentAmount != null ? toCents(body.rentAmount) : null;
    const [lease] = await tx
      .insert(propertyLeases)
      .values({
        status,
        unit: body.unit?.trim() || null,
        userId: app.customerId,
        propertyId: property.id,
        companyId: property.companyId,
        startDate: body.startDate,
        endDate: body.endDate || null,
        monthlyPaymentDueDay: body.monthlyPaymentDueDay ?? 1,
        charges: rent != null && rent > 0 ? [{ code: 'Rent', name: 'Rent', amount: rent }] : [],
        origin: 'APPLICATION',
        applicationId: app.id,
        approvedAt: now.toISOString(),
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      })
      .returning({ id: propertyLeases.id, status: propertyLeases.status });
    const comment = body.comment?.trim() || null;
    await tx
      .update(leaseApplications)
      .set({
        status: 'APPROVED',
        leaseId: lease.id,
        decidedAt: now.toISOString(),
        decidedBy: adminId,
        decisionComment: comment,
        updatedAt: now.toISOString(),
      })
      .where(eq(leaseApplications.id, app.id));
    await recordAudit(tx, {
      recordType: 'property_lease',
      recordId: lease.id,
      action: 'CREATE',
      changes: { origin: 'APPLICATION', applicationId: app.id, status: lease.status, startDate: body.startDate },
      actor,
    });
    await recordAudit(tx, {
      recordType: 'lease_application',
      recordId: app.id,
      action: 'APPROVE',
      changes: { status: { from: 'PENDING', to: 'APPROVED' }, leaseId: lease.id, decisionComment: comment },
      actor,
    });
    await insertNotification(tx, {
      userId: app.customerId,
      billingAccountId: lease.id,
      kind: 'APPLICATION_APPROVED',
      params: {
        applicationId: app.id,
        propertyName: property.propertyName,
        unit: body.unit?.trim() || null,
        date: body.startDate,
        comment,
      },
      dedupeKey: `application-decided:${app.id}`,
      createdAt: now,
    });
    return app.id;
  });
  return recordOf(ctx, decided);
}

export async function declineApplication(
  { ctx, adminId, actor }: Decider,
  id: string,
  body: DeclineApplicationBody,
): Promise<LeaseApplicationRecord> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const app = await lockPending(tx, id);
    const comment = body.comment?.trim() || null;
    await tx
      .update(leaseApplications)
      .set({
        status: 'DECLINED',
        decidedAt: now.toISOString(),
        decidedBy: adminId,
        decisionComment: comment,
        updatedAt: now.toISOString(),
      })
      .where(eq(leaseApplications.id, app.id));
    await recordAudit(tx, {
      recordType: 'lease_application',
      recordId: app.id,
      action: 'DECLINE',
      changes: { status: { from: 'PENDING', to: 'DECLINED' }, decisionComment: comment },
      actor,
    });
    const [property] = app.propertyId
      ? await tx
          .select({ propertyName: properties.propertyName })
          .from(properties)
          .where(eq(properties.id, app.propertyId))
          .limit(1)
      : [];
    await insertNotification(tx, {
      userId: app.customerId,
      billingAccountId: null,
      kind: 'APPLICATION_DECLINED',
      params: { applicationId: app.id, propertyName: property?.propertyName ?? null, comment },
      dedupeKey: `application-decided:${app.id}`,
      createdAt: now,
    });
  });
  return recordOf(ctx, id);
}
