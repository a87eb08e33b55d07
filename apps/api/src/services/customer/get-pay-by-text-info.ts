// GET /{type}/{id}/pay-by-text/info (spec 1 §7 Payments): serviceEnabled for a customer or one of their leases.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { properties, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertOwnCustomerId } from './get-customer.ts';
import { isPayByTextEnabledForCustomer } from './tenant-scope.ts';

export async function getCustomerPayByTextInfo(db: Executor, callerId: string, id: string): Promise<{ serviceEnabled: boolean }> {
  assertOwnCustomerId(callerId, id);
  return { serviceEnabled: await isPayByTextEnabledForCustomer(db, id) };
}

export async function getLeasePayByTextInfo(
  db: Executor,
  callerId: string,
  leaseId: string,
): Promise<{ serviceEnabled: boolean }> {
  const [row] = await db
    .select({ serviceEnabled: properties.payByTextEnabled })
    .from(propertyLeases)
    .innerJoin(properties, eq(properties.id, propertyLeases.propertyId))
    .where(and(eq(propertyLeases.id, leaseId), eq(propertyLeases.userId, callerId)))
    .limit(1);
  if (!row) throw AppError.notFound('Lease');
  return row;
}
