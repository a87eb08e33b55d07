// GET /customer/{id} and /customer/{id}/peek (spec 1 §7 Auth and profile): the caller's own record only.
import type { Customer } from '@portal/domain/api-shapes';
import { securitySettingsVisible } from '@portal/domain/session';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { pendingEmailOf } from '../account/email-verification.ts';

export type CustomerRow = typeof customers.$inferSelect;

export const customerNotFound = () => AppError.notFound('Customer');

/** Another tenant's id and a missing id both answer this same 404. */
export function assertOwnCustomerId(callerId: string, id: string): void {
  if (callerId !== id) throw customerNotFound();
}

/** The record as its reader sees it: `mimicking` when an admin reads it acting as the tenant (spec 1 §4). */
export function toCustomer(
  c: CustomerRow,
  { mimicking = false, pendingEmail = null }: { mimicking?: boolean; pendingEmail?: string | null } = {},
): Customer {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    birthDate: c.birthDate,
    phone: c.phone,
    phoneMetadata: c.phoneMetadata ?? null,
    phoneStatus: c.phoneStatus,
    alternatePhone: c.alternatePhone,
    languageCode: c.languageCode === 'fr' ? 'fr' : 'en',
    preferredContactMethod: (c.preferredContactMethod as Customer['preferredContactMethod']) ?? null,
    muteTextMessageNotification: c.muteTextMessageNotification,
    textMessageNotificationMutedBy: c.textMessageNotificationMutedBy === 'CUSTOMER' ? 'CUSTOMER' : null,
    acknowledgedTerms: c.acknowledgedTerms,
    country: c.country === 'US' ? 'US' : 'CA',
    accountType: c.accountType,
    securitySettingsVisible: securitySettingsVisible({ accountType: c.accountType, hasPassword: !!c.passwordHash, mimicking }),
    emailVerified: !!c.emailVerifiedAt,
    pendingEmail,
  };
}

export async function findCustomerRow(db: Executor, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row;
}

export async function getCustomer(
  db: Executor,
  callerId: string,
  id: string,
  mimicking = false,
  now: Date = new Date(),
): Promise<Customer> {
  assertOwnCustomerId(callerId, id);
  const row = await findCustomerRow(db, id);
  if (!row) throw customerNotFound();
  return toCustomer(row, { mimicking, pendingEmail: await pendingEmailOf(db, row, now) });
}

export async function peekCustomer(
  db: Executor,
  callerId: string,
  id: string,
): Promise<{ id: string; acknowledgedTerms: boolean }> {
  assertOwnCustomerId(callerId, id);
  const [row] = await db
    .select({ id: customers.id, acknowledgedTerms: customers.acknowledgedTerms })
    .from(customers)
    .where(eq(customers.id, id))
    .limit(1);
  if (!row) throw customerNotFound();
  return row;
}
