// POST /customer/{id}/acceptterms (spec 1 §4 Terms, spec 2 §5 Terms eligibility: 18 or older, US or Canada address).
import { datePart } from '@portal/domain/dates';
import { TERMS_MINIMUM_AGE } from '@portal/domain/profile';
import { termsEligibilityProblem } from '@portal/domain/profile-server';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app.ts';
import { customers } from '../../db/schema.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { type Actor, diffRecords, recordAudit } from '../../lib/audit.ts';
import { assertOwnCustomerId, customerNotFound } from './get-customer.ts';

export const TERMS_COUNTRY_MESSAGE = 'The terms of use can only be accepted with a mailing address in the US or Canada';
export const TERMS_AGE_MESSAGE = `You must be ${TERMS_MINIMUM_AGE} or older to accept the terms of use`;

/**
 * Why the terms cannot be accepted (empty when they can). A missing birth date does not block (birth date is
 * optional, spec 1 §5); a known one under 18 does. The country is the customer record's.
 */
export function termsEligibilityErrors(customer: { birthDate: string | null; country: string }, today: string): FieldError[] {
  switch (termsEligibilityProblem({ birthDate: customer.birthDate, country: customer.country, today })) {
    case 'country':
      return [
        {
          field: 'country',
          errorCode: 'RM_ERROR_RECORD_VALIDATION',
          message: TERMS_COUNTRY_MESSAGE,
          fieldValue: customer.country,
        },
      ];
    case 'age':
      return [
        {
          field: 'birthDate',
          errorCode: 'RM_ERROR_RECORD_VALIDATION',
          message: TERMS_AGE_MESSAGE,
          fieldValue: customer.birthDate,
        },
      ];
    default:
      return [];
  }
}

export function todayOf(ctx: Pick<AppContext, 'now'>): string {
  return datePart(ctx.now().toISOString());
}

export async function acceptTerms(
  ctx: AppContext,
  input: { callerId: string; id: string; actor: Actor },
): Promise<{ id: string; acknowledgedTerms: true }> {
  assertOwnCustomerId(input.callerId, input.id);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, input.id)).for('update');
    if (!before) throw customerNotFound();
    if (before.acknowledgedTerms) return { id: before.id, acknowledgedTerms: true as const };
    const errors = termsEligibilityErrors(before, todayOf(ctx));
    if (errors.length > 0) throw AppError.validation(errors, errors[0].message);
    const [after] = await tx
      .update(customers)
      .set({ acknowledgedTerms: true, acknowledgedTermsAt: ctx.now().toISOString(), updatedAt: ctx.now().toISOString() })
      .where(eq(customers.id, input.id))
      .returning();
    await recordAudit(tx, {
      recordType: 'customer',
      recordId: input.id,
      action: 'ACCEPT_TERMS',
      changes: diffRecords(before, after),
      actor: input.actor,
    });
    return { id: after.id, acknowledgedTerms: true as const };
  });
}
