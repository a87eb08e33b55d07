// spec 2 §3 "Lease-details sign-up payload", §4 "Self sign-up" (issue 11): POST /self_signup_Lease. The caller's
// onboarding page (customers.signup_page) decides the company and whether the lease is approved at once (ACTIVE) or
// waits for the manager (PENDING, approvedAt null: GET /admin/pending_leases).
import { leasePayability } from '@portal/domain/lease-payability';
import { leaseDetailsSchema } from '@portal/domain/signup';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { companies, customers, properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { propertyByIdentifier } from './integration.ts';
import { findOnBoardingPage } from './pages.ts';

/** The lease-details payload (@portal/domain/signup buildSelfSignupPayload) as the route received it. */
export interface SelfSignupBody {
  accountId?: string | null;
  startDate: string;
  endDate?: string | null;
  paymentDue?: number | string | null;
  propertyId?: string | null;
  unit?: string | null;
  residencyType?: string | null;
  user: { id: string; firstName?: string | null; lastName?: string | null; email?: string | null };
  companyId?: string | null;
  propertyIdentifier?: string | null;
}

export interface SelfSignupAnswer {
  lease: { id: string; status: string; propertyId: string; companyId: string; unit: string | null; startDate: string | null };
  autoApproved: boolean;
  /** issue 21 §1: the lease can be paid in the portal (leasePayability), so the completion promises only that. */
  payable: boolean;
}

// Not in the shared status table (packages/domain/errors.ts): the status is given here.
export const NO_SIGNUP_PAGE_CODE = 'RM_ERROR_NO_SIGNUP_PAGE';

const blankToNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());
/** Units compare without case or surrounding spaces; no unit is one unit. */
const unitKey = (unit: string | null) => (unit ?? '').trim().toLowerCase();

export async function selfSignupLease(
  ctx: AppContext,
  input: { customerId: string; actor: Actor; body: SelfSignupBody },
): Promise<SelfSignupAnswer> {
  const { body } = input;
  if (body.user.id !== input.customerId) {
    throw AppError.onField('user.id', 'server.signup.userNotCaller', { errorCode: 'RM_ERROR_FORBIDDEN' });
  }
  // The route checked these rules already; this gives their normalised values (trimmed, due day a number).
  const details = leaseDetailsSchema.parse({
    ...body,
    propertyId: body.propertyId ?? undefined,
    accountId: body.accountId ?? undefined,
    unit: body.unit ?? undefined,
    residencyType: body.residencyType ?? undefined,
    endDate: body.endDate ?? undefined,
    paymentDue: body.paymentDue ?? undefined,
  });

  const [customer] = await ctx.db
    .select({ signupPage: customers.signupPage })
    .from(customers)
    .where(eq(customers.id, input.customerId))
    .limit(1);
  if (!customer) throw AppError.notFound('Customer');
  const page = customer.signupPage ? await findOnBoardingPage(ctx.db, customer.signupPage) : null;
  if (!page) throw new AppError(NO_SIGNUP_PAGE_CODE, 'server.signup.noSignupPage', { statusCode: 409 });

  // The property: by id, or (integration customer) by the company and the customer's external property id.
  const propertyId = blankToNull(body.propertyId);
  let property: { id: string; companyId: string } | null = null;
  if (propertyId) {
    const [row] = await ctx.db
      .select({ id: properties.id, companyId: properties.companyId })
      .from(properties)
      .where(eq(properties.id, propertyId))
      .limit(1);
    property = row ?? null;
  } else {
    const companyId = blankToNull(body.companyId);
    const identifier = blankToNull(body.propertyIdentifier);
    if (!companyId || !identifier) throw AppError.onField('propertyId', 'validation.requiredField');
    property = companyId === page.companyId ? await propertyByIdentifier(ctx.db, companyId, identifier) : null;
  }
  if (!property || property.companyId !== page.companyId) throw AppError.notFound('Property');

  const unit = blankToNull(details.unit ?? null);
  const now = ctx.now().toISOString();
  const lease = await ctx.db.transaction(async (tx) => {
    // One sign-up of a customer at a time: the duplicate check below then holds against a racing second request.
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, input.customerId)).for('update');
    const [existing] = await tx
      .select({ id: propertyLeases.id })
      .from(propertyLeases)
      .where(
        and(
          eq(propertyLeases.userId, input.customerId),
          eq(propertyLeases.propertyId, property.id),
          inArray(propertyLeases.status, ['ACTIVE', 'PENDING']),
          sql`lower(trim(coalesce(${propertyLeases.unit}, ''))) = ${unitKey(unit)}`,
        ),
      )
      .limit(1);
    if (existing) {
      throw AppError.onField('unit', 'server.signup.leaseExists', { errorCode: 'RM_ERROR_RECORD_ALREADY_EXIST' });
    }
    const [row] = await tx
      .insert(propertyLeases)
      .values({
        status: page.autoApproval ? 'ACTIVE' : 'PENDING',
        unit,
        userId: input.customerId,
        propertyId: property.id,
        companyId: property.companyId,
        accountId: blankToNull(details.accountId ?? null),
        residencyType: details.residencyType ?? null,
        startDate: details.startDate,
        endDate: details.endDate ?? null,
        monthlyPaymentDueDay: details.paymentDue ?? 1,
        origin: 'SELF_SIGNUP',
        approvedAt: page.autoApproval ? now : null,
      })
      .returning({
        id: propertyLeases.id,
        status: propertyLeases.status,
        propertyId: propertyLeases.propertyId,
        companyId: propertyLeases.companyId,
        unit: propertyLeases.unit,
        startDate: propertyLeases.startDate,
        accountId: propertyLeases.accountId,
        residencyType: propertyLeases.residencyType,
        endDate: propertyLeases.endDate,
        monthlyPaymentDueDay: propertyLeases.monthlyPaymentDueDay,
      });
    await recordAudit(tx, {
      recordType: 'property_lease',
      recordId: row.id,
      action: 'CREATE',
      changes: { ...row, origin: 'SELF_SIGNUP', signupPage: page.name, autoApproved: page.autoApproval },
      actor: input.actor,
    });
    return row;
  });
  const [company] = await ctx.db
    .select({ onlyPMPaymentAllowed: companies.onlyPMPaymentAllowed })
    .from(companies)
    .where(eq(companies.id, lease.companyId))
    .limit(1);
  return {
    lease: {
      id: lease.id,
      status: lease.status,
      propertyId: lease.propertyId,
      companyId: lease.companyId,
      unit: lease.unit,
      startDate: lease.startDate,
    },
    autoApproved: page.autoApproval,
    payable: leasePayability({ status: lease.status, onlyPMPaymentAllowed: company?.onlyPMPaymentAllowed }).pay,
  };
}
