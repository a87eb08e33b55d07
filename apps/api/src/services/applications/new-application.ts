// GET /lease_application/new?pageName=&propertyId= (docs/api-contract.md "Lease applications (issue 11)"; spec 2 §4 "A
// new application is created as NOT_STARTED and then saved"): the caller's NOT_STARTED application on that page (and
// property) is answered when there is one, else a new one is stored with the applicant's fields taken from the
// customer. At most MAX_OPEN_APPLICATIONS open (NOT_STARTED / IN_PROGRESS) per customer: the customer row is locked
// while counting, so two requests at once cannot pass the cap together.
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { customers, leaseApplications, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { loadApplicationPage } from './application-page.ts';
import { type LeaseApplicationRecord, toApplicationRecordOf } from './application-record.ts';
import { OPEN_STATUSES, RECORD_TYPE } from './save-application.ts';

/** Open applications a customer may have at once. */
export const MAX_OPEN_APPLICATIONS = 20;

export async function newApplication(
  ctx: AppContext,
  input: { customerId: string; actor: Actor; pageName: string; propertyId?: string | null },
): Promise<LeaseApplicationRecord> {
  const { page } = await loadApplicationPage(ctx.db, input.pageName);
  const propertyId = input.propertyId?.trim() || null;
  const row = await ctx.db.transaction(async (tx) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.id, input.customerId)).for('update');
    if (!customer) throw AppError.notFound('Customer');
    if (propertyId) {
      const [p] = await tx
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.id, propertyId), eq(properties.companyId, page.companyId)))
        .limit(1);
      if (!p) throw AppError.onField('propertyId', 'server.applications.propertyNotOnPage');
    }
    const mine = and(eq(leaseApplications.customerId, input.customerId), isNull(leaseApplications.deletedAt));
    const [existing] = await tx
      .select()
      .from(leaseApplications)
      .where(
        and(
          mine,
          eq(leaseApplications.status, 'NOT_STARTED'),
          eq(leaseApplications.pageName, page.name),
          propertyId ? eq(leaseApplications.propertyId, propertyId) : isNull(leaseApplications.propertyId),
        ),
      )
      .orderBy(leaseApplications.createdAt)
      .limit(1);
    if (existing) return existing;
    const [open] = await tx
      .select({ n: count() })
      .from(leaseApplications)
      .where(and(mine, inArray(leaseApplications.status, [...OPEN_STATUSES])));
    if (Number(open?.n ?? 0) >= MAX_OPEN_APPLICATIONS) {
      throw new AppError('RM_ERROR_TOO_MANY_APPLICATIONS', 'server.applications.tooMany', {
        statusCode: 409,
        values: { max: MAX_OPEN_APPLICATIONS },
      });
    }
    // spec 2 §4: an existing tenant (an ACTIVE lease with the page's company) skips the applicant section's count
    const [lease] = await tx
      .select({ id: propertyLeases.id })
      .from(propertyLeases)
      .where(
        and(
          eq(propertyLeases.userId, input.customerId),
          eq(propertyLeases.companyId, page.companyId),
          eq(propertyLeases.status, 'ACTIVE'),
        ),
      )
      .limit(1);
    const now = ctx.now().toISOString();
    const [created] = await tx
      .insert(leaseApplications)
      .values({
        status: 'NOT_STARTED',
        customerId: input.customerId,
        pageName: page.name,
        propertyId,
        companyId: page.companyId,
        existingTenant: !!lease,
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        phone: customer.phone,
        birthDate: customer.birthDate,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('lease application insert returned nothing');
    await recordAudit(tx, {
      recordType: RECORD_TYPE,
      recordId: created.id,
      action: 'CREATE',
      changes: { customerId: input.customerId, pageName: page.name, propertyId },
      actor: input.actor,
    });
    return created;
  });
  return toApplicationRecordOf(ctx.db, row);
}
