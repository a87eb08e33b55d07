// Who adds a method and how the answer is worded, and the method's insert: shared by every POST /create path.
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { paymentMethods } from '../../db/schema.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { Lang } from '../../lib/i18n.ts';
import { methodAuditFields, type PaymentMethodRow } from './payment-method-record.ts';

export interface CreateContext {
  ctx: AppContext;
  customerId: string;
  actor: Actor;
  /** Language of the label in the answer. */
  lang: Lang;
  /** The `session-id` header (the device session), for the processor's fraud checks. */
  deviceSessionId?: string;
}

/** A created record (201) or an existing one answered instead (200). */
export interface Created<R> {
  status: 200 | 201;
  record: R;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (
    let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return !constraint || e.constraint === constraint || (e.message ?? '').includes(constraint);
  }
  return false;
}

/** A live method of the tenant with this processor fingerprint (the same card or account). */
export async function findByFingerprint(db: Executor, customerId: string, fingerprint: string) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(eq(paymentMethods.userId, customerId), eq(paymentMethods.fingerprint, fingerprint), isNull(paymentMethods.deletedAt)),
    )
    .limit(1);
  return row;
}

/** Inserts the tenant's new method with its CREATE audit event, inside the caller's transaction. */
export async function insertPaymentMethod(
  tx: Executor,
  customerId: string,
  actor: Actor,
  values: Omit<typeof paymentMethods.$inferInsert, 'userId' | 'userType'>,
): Promise<PaymentMethodRow> {
  const [inserted] = await tx
    .insert(paymentMethods)
    .values({ userId: customerId, userType: 'TYPE_CUSTOMER', ...values })
    .returning();
  await recordAudit(tx, {
    recordType: 'payment_method',
    recordId: inserted.id,
    action: 'CREATE',
    changes: methodAuditFields(inserted),
    actor,
  });
  return inserted;
}
