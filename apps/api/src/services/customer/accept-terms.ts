// POST /customer/{id}/acceptterms (spec 1 §4 Terms, spec 2 §5 Terms eligibility: 18 or older, US or Canada address).
import { datePart } from '@portal/domain/dates';
import { type TermsEligibilityProblem, termsEligibilityProblems, termsProblemMessage } from '@portal/domain/profile';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { customers } from '../../db/schema.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { type Actor, diffRecords, recordAudit } from '../../lib/audit.ts';
import { assertOwnCustomerId, customerNotFound } from './get-customer.ts';

// The field each problem names and its code: a missing birth date is RM_ERROR_REQUIRED_FIELD (spec 2 §8: the client
// asks for it), an ineligible age or country RM_ERROR_RECORD_VALIDATION.
const PROBLEM_FIELDS: Record<TermsEligibilityProblem, { field: 'birthDate' | 'country'; errorCode: string }> = {
  birthDateMissing: { field: 'birthDate', errorCode: 'RM_ERROR_REQUIRED_FIELD' },
  age: { field: 'birthDate', errorCode: 'RM_ERROR_RECORD_VALIDATION' },
  country: { field: 'country', errorCode: 'RM_ERROR_RECORD_VALIDATION' },
};

/**
 * spec 2 §5 Terms eligibility (18 or older, a US or Canada mailing address): why the terms cannot be accepted, one
 * field error per problem (empty when they can). The birth date must be known; the country is the customer record's.
 */
export function termsEligibilityErrors(customer: { birthDate: string | null; country: string }, today: string): FieldError[] {
  return termsEligibilityProblems({ birthDate: customer.birthDate, country: customer.country, today }).map((problem) => {
    const { field, errorCode } = PROBLEM_FIELDS[problem];
    const message = termsProblemMessage(problem);
    return { field, errorCode, message: message.key, values: message.values, fieldValue: customer[field] };
  });
}

/** The refusal of a terms acceptance: REQUIRED_FIELD when only something is missing, RECORD_VALIDATION otherwise. */
export function termsRefusal(errors: FieldError[]): AppError {
  const errorCode = errors.every((e) => e.errorCode === 'RM_ERROR_REQUIRED_FIELD')
    ? 'RM_ERROR_REQUIRED_FIELD'
    : 'RM_ERROR_RECORD_VALIDATION';
  return new AppError(errorCode, errors[0].message, { values: errors[0].values, fieldErrors: errors });
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
    if (errors.length > 0) throw termsRefusal(errors);
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
