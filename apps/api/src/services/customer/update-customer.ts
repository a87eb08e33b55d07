// PATCH /customer/{id}/update (spec 1 §5 Profile and account, §7 Auth and profile, §8 Profile and password).
import type { Customer } from '@portal/domain/api-shapes';
import type { LanguageCode } from '@portal/domain/entities';
import {
  getProfileRequirements,
  type PreferredContactMethod,
  type ProfileField,
  shouldClearPhoneStatus,
  unmuteFromMute,
  validateBirthDate,
  validateProfile,
} from '@portal/domain/profile';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { corporateUsers, customers } from '../../db/schema.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { type Actor, diffRecords, recordAudit } from '../../lib/audit.ts';
import { pendingEmailOf, requestEmailChange } from '../account/email-verification.ts';
import { termsEligibilityErrors, todayOf } from './accept-terms.ts';
import { assertOwnCustomerId, type CustomerRow, customerNotFound, toCustomer } from './get-customer.ts';
import { isPayByTextEnabledForCustomer } from './tenant-scope.ts';

/** The body after route validation: names and email trimmed, phones in E.164, '' turned into null. */
export interface CustomerPatch {
  firstName?: string;
  lastName?: string;
  email?: string;
  birthDate?: string | null;
  phone?: string | null;
  alternatePhone?: string | null;
  languageCode?: LanguageCode;
  preferredContactMethod?: PreferredContactMethod | null;
  muteTextMessageNotification?: boolean;
  acknowledgedTerms?: boolean;
}

// Message keys of the server.customer section (lib/i18n.ts sends them in the caller's language).
export const PROFILE_RULE_MESSAGES = {
  phoneForPayByText: 'server.customer.phoneForPayByText',
  phoneForPreferredContact: 'server.customer.phoneForPreferredContact',
  phoneForTextNotifications: 'server.customer.phoneForTextNotifications',
  alternatePhoneForPreferredContact: 'server.customer.alternatePhoneForPreferredContact',
  preferredContactForPayByText: 'server.customer.preferredContactForPayByText',
  termsCannotBeWithdrawn: 'server.customer.termsCannotBeWithdrawn',
  emailTaken: 'server.customer.emailTaken',
} as const;

const field = (name: string, message: string, fieldValue?: unknown, values?: Record<string, unknown>): FieldError => ({
  field: name,
  errorCode: 'RM_ERROR_RECORD_VALIDATION',
  message,
  ...(fieldValue === undefined ? {} : { fieldValue }),
  ...(values ? { values } : {}),
});

// Changing only the language (the shell's selector) or accepting the terms is not a profile-form save, so the
// spec 1 §5 form rules are not applied to it; any other field makes it one.
const NON_PROFILE_KEYS = new Set<keyof CustomerPatch>(['languageCode', 'acknowledgedTerms']);

/** spec 1 §5 profile rules on the merged record, with messages naming why a field is required. */
function profileRuleErrors(merged: CustomerRow, payByTextEnabled: boolean, today: string): FieldError[] {
  const preferred = (merged.preferredContactMethod as PreferredContactMethod | null) ?? null;
  const textNotificationsOn = unmuteFromMute(merged.muteTextMessageNotification);
  const errors = validateProfile(
    {
      firstName: merged.firstName,
      lastName: merged.lastName,
      email: merged.email,
      phone: merged.phone,
      alternatePhone: merged.alternatePhone,
      preferredContactMethod: preferred,
      unmuteTextMessageNotification: textNotificationsOn,
      birthDate: merged.birthDate,
      languageCode: merged.languageCode as LanguageCode,
    },
    { payByTextEnabled, today },
  );
  const req = getProfileRequirements({ payByTextEnabled, preferredContactMethod: preferred, textNotificationsOn });
  const out: FieldError[] = [];
  for (const [name, ref] of Object.entries(errors) as [ProfileField, NonNullable<(typeof errors)[ProfileField]>][]) {
    // The birth date is checked on the patch itself (below), not on a stored one.
    if (name === 'birthDate') continue;
    const value = merged[name as keyof CustomerRow];
    const missing = value == null || String(value).trim() === '';
    let message: string = ref.key;
    let values = ref.values;
    if (missing && name === 'phone' && req.mobilePhoneRequired) {
      message = payByTextEnabled
        ? PROFILE_RULE_MESSAGES.phoneForPayByText
        : preferred === 'MOBILE_PHONE'
          ? PROFILE_RULE_MESSAGES.phoneForPreferredContact
          : PROFILE_RULE_MESSAGES.phoneForTextNotifications;
    } else if (missing && name === 'alternatePhone' && req.alternatePhoneRequired) {
      message = PROFILE_RULE_MESSAGES.alternatePhoneForPreferredContact;
    } else if (missing && name === 'preferredContactMethod' && req.preferredContactRequired) {
      message = PROFILE_RULE_MESSAGES.preferredContactForPayByText;
    }
    if (message !== ref.key) values = undefined;
    out.push(field(name, message, undefined, values));
  }
  return out;
}

/** Whether the save queued mail (a verification link): a new address that is now pending. */
const wokeMail = (patch: CustomerPatch, after: Customer) =>
  patch.email !== undefined && after.pendingEmail?.toLowerCase() === patch.email.toLowerCase();

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function updateCustomer(
  ctx: AppContext,
  input: {
    callerId: string;
    id: string;
    patch: CustomerPatch;
    actor: Actor;
    mimicking?: boolean;
    /** Where the verification link of a new e-mail points (the request's origin; PUBLIC_ORIGIN wins). */
    origin?: string;
    ip?: string;
  },
): Promise<Customer> {
  const { patch, id } = input;
  assertOwnCustomerId(input.callerId, id);
  const today = todayOf(ctx);
  const nowIso = ctx.now().toISOString();
  try {
    const customer = await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
      if (!before) throw customerNotFound();

      const { muteTextMessageNotification, acknowledgedTerms: _terms, ...fields } = patch;
      const changes: Partial<typeof customers.$inferInsert> = Object.fromEntries(
        Object.entries(fields).filter(([, v]) => v !== undefined),
      );
      // muteTextMessageNotification is saved as sent (spec 1 §4: the inverse of the unmute checkbox).
      // textMessageNotificationMutedBy is never changed here: when the tenant replied STOP it stays CUSTOMER
      // even if they untick mute, because the carrier keeps blocking texts until they text START (spec 1 §4);
      // the SMS START handler clears it. The form shows the START instructions while it is CUSTOMER.
      if (muteTextMessageNotification !== undefined) changes.muteTextMessageNotification = muteTextMessageNotification;
      // spec 1 §5: a changed phone clears phoneMetadata and phoneStatus (they described the old number)
      if (patch.phone !== undefined && shouldClearPhoneStatus(before.phone, patch.phone)) {
        changes.phoneMetadata = null;
        changes.phoneStatus = null;
      }
      const merged: CustomerRow = { ...before, ...changes } as CustomerRow;

      const errors: FieldError[] = [];
      // issue 9: a date of birth before today giving an age of 18 to 120 (the form's own rule)
      const birthDate = patch.birthDate ? validateBirthDate(patch.birthDate, today) : null;
      if (birthDate && !birthDate.ok) errors.push(field('birthDate', birthDate.key, patch.birthDate, birthDate.values));
      if (patch.acknowledgedTerms === false && before.acknowledgedTerms) {
        errors.push(field('acknowledgedTerms', PROFILE_RULE_MESSAGES.termsCannotBeWithdrawn, false));
      }
      if (patch.acknowledgedTerms === true && !before.acknowledgedTerms) {
        // Same eligibility as POST /customer/{id}/acceptterms, on the birth date this very request may set.
        errors.push(...termsEligibilityErrors(merged, today));
        changes.acknowledgedTerms = true;
        changes.acknowledgedTermsAt = nowIso;
      }
      const isProfileSave = (Object.keys(patch) as (keyof CustomerPatch)[]).some((k) => !NON_PROFILE_KEYS.has(k));
      if (isProfileSave && errors.length === 0) {
        errors.push(...profileRuleErrors(merged, await isPayByTextEnabledForCustomer(tx, id), today));
      }
      // The first problem is the answer's message (each field error carries its own, all sent in the caller's language).
      if (errors.length > 0) {
        throw new AppError('RM_ERROR_RECORD_VALIDATION', errors[0].message, { values: errors[0].values, fieldErrors: errors });
      }

      if (patch.email !== undefined) {
        const lower = patch.email.toLowerCase();
        const [takenByCustomer] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(sql`lower(${customers.email}) = ${lower}`, ne(customers.id, id)))
          .limit(1);
        const [takenByCorporateUser] = await tx
          .select({ id: corporateUsers.id })
          .from(corporateUsers)
          .where(sql`lower(${corporateUsers.email}) = ${lower}`)
          .limit(1);
        if (takenByCustomer || takenByCorporateUser) {
          throw new AppError('RM_ERROR_RECORD_ALREADY_EXIST', PROFILE_RULE_MESSAGES.emailTaken, {
            fieldErrors: [
              { field: 'email', errorCode: 'RM_ERROR_RECORD_ALREADY_EXIST', message: PROFILE_RULE_MESSAGES.emailTaken },
            ],
          });
        }
      }

      // issue 25: a new address (not a mere change of case) replaces the old one only once a link sent to it is
      // followed (account/email-verification.ts); the old one stays meanwhile and is told.
      const newEmail =
        changes.email !== undefined && changes.email.toLowerCase() !== before.email.toLowerCase() ? changes.email : null;
      if (newEmail) delete changes.email;
      let after = before;
      if (Object.keys(changes).length > 0) {
        [after] = await tx
          .update(customers)
          .set({ ...changes, updatedAt: nowIso })
          .where(eq(customers.id, id))
          .returning();
        const diff = diffRecords(before, after);
        if (Object.keys(diff).length > 0) {
          await recordAudit(tx, { recordType: 'customer', recordId: id, action: 'UPDATE', changes: diff, actor: input.actor });
        }
      }
      if (newEmail) {
        await requestEmailChange(ctx, tx, after, newEmail, { origin: input.origin, ip: input.ip });
        await recordAudit(tx, {
          recordType: 'customer',
          recordId: id,
          action: 'EMAIL_CHANGE_REQUESTED',
          changes: { pendingEmail: { from: null, to: newEmail } },
          actor: input.actor,
        });
      }
      return toCustomer(after, { mimicking: input.mimicking, pendingEmail: await pendingEmailOf(tx, after, ctx.now()) });
    });
    if (wokeMail(patch, customer)) ctx.mailer?.wake();
    return customer;
  } catch (err) {
    // Two saves racing for one email: the unique index on lower(email) has the last word.
    if (isUniqueViolation(err)) {
      throw new AppError('RM_ERROR_RECORD_ALREADY_EXIST', PROFILE_RULE_MESSAGES.emailTaken);
    }
    throw err;
  }
}
