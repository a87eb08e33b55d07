// Billing addresses (spec 1 §3 Address, §5 "Card and bank forms", §7): created alone (POST /create TYPE_ADDRESS) or
// with a method in the method's own transaction, picked by id among the tenant's own, deleted when no method uses them.

import type { AddressRecord } from '@portal/domain/api-shapes';
import { formatCaPostalCode } from '@portal/domain/input-fields';
import { type AddressFields, normalizeProvince } from '@portal/domain/payment-method-bodies';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { addresses, paymentMethods } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { type AddressRow, toAddressRecord } from './payment-method-record.ts';

const auditFields = (row: AddressRow) => ({
  addressType: row.addressType,
  suite: row.suite,
  street1: row.street1,
  street2: row.street2,
  city: row.city,
  province: row.province,
  postalCode: row.postalCode,
  country: row.country,
});

/** Inserts an address of the tenant (with its CREATE audit event) inside the caller's transaction. */
export async function insertAddress(tx: Executor, customerId: string, fields: AddressFields, actor: Actor): Promise<AddressRow> {
  const [row] = await tx
    .insert(addresses)
    .values({
      userId: customerId,
      userType: 'TYPE_CUSTOMER',
      addressType: 'BILLING',
      suite: fields.suite?.trim() || null,
      street1: fields.street1.trim(),
      street2: fields.street2?.trim() || null,
      city: fields.city.trim(),
      province: fields.province ? normalizeProvince(fields.province) : null,
      // spec 2 §5: Canadian postal codes are kept upper-cased as A1A 1A1
      postalCode: fields.country === 'CA' ? formatCaPostalCode(fields.postalCode.trim()) : fields.postalCode.trim(),
      country: fields.country,
    })
    .returning();
  await recordAudit(tx, { recordType: 'address', recordId: row.id, action: 'CREATE', changes: auditFields(row), actor });
  return row;
}

export async function createAddress(
  ctx: AppContext,
  customerId: string,
  actor: Actor,
  fields: AddressFields,
): Promise<AddressRecord> {
  const row = await ctx.db.transaction((tx) => insertAddress(tx, customerId, fields, actor));
  return toAddressRecord(row);
}

/** A saved address of the tenant picked by id; a missing or foreign one is the same field error. */
export async function requireOwnAddress(
  db: Executor,
  customerId: string,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<AddressRow> {
  const query = db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, customerId)))
    .limit(1);
  // Inside a method's transaction the address is held until commit, so it cannot be deleted under the new method.
  const [row] = opts.lock ? await query.for('share') : await query;
  if (!row)
    throw AppError.onField('billingAddressId', 'server.paymentMethods.billingAddressNotFound', {
      fieldErrorCode: 'RM_ERROR_RECORD_NOT_FOUND',
    });
  return row;
}

/** The new method's billing address, in its transaction: a saved one (held until commit), a new one, or none. */
export async function billingAddressIdOf(
  tx: Executor,
  customerId: string,
  body: { billingAddressId?: string; billingAddress?: AddressFields },
  actor: Actor,
): Promise<string | null> {
  if (body.billingAddressId) return (await requireOwnAddress(tx, customerId, body.billingAddressId, { lock: true })).id;
  if (body.billingAddress) return (await insertAddress(tx, customerId, body.billingAddress, actor)).id;
  return null;
}

// spec 1 §7: DELETE of an address, refused while a saved (not removed) method uses it
export async function deleteAddress(ctx: AppContext, customerId: string, actor: Actor, id: string): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, customerId)))
      .for('update')
      .limit(1);
    if (!row) throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.paymentMethods.addressNotFound');
    const [used] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.billingAddressId, id), isNull(paymentMethods.deletedAt)))
      .limit(1);
    if (used) throw new AppError('RM_ERROR_PAYMENT_METHOD_IN_USE', 'server.paymentMethods.addressInUse');
    await tx.delete(addresses).where(eq(addresses.id, id));
    await recordAudit(tx, { recordType: 'address', recordId: id, action: 'DELETE', changes: auditFields(row), actor });
    return { id };
  });
}
