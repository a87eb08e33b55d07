// Issue 23 "Charges": a manager (their company's leases) or the admin posts a one-off charge or a credit on a lease
// (POST /open_charge/create). A CHARGE is a new open charge (spec 1 §3 Open charge) whose code is one of the company's
// charge codes, or the spec's default codes when it has none; the lease's unapplied credit then pays it. A CREDIT is a
// new ledger transaction (services/payments/credits.ts): nothing already paid is edited. Both under the lease row's
// lock, audited.

import { STANDARD_CHARGE_NAMES, type StandardChargeCode } from '@portal/domain/charge-names';
import type { PostChargeResult, PostedOpenCharge } from '@portal/domain/charge-shapes';
import { addDays, firstOfMonth, isValidIsoDate } from '@portal/domain/dates';
import { currencyForCountry, fromCents } from '@portal/domain/money';
import { getChargeCodes, OVERPAYMENT_LIMIT_CENTS } from '@portal/domain/payment-amounts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { companies, openCharges, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { applyUnappliedCredits, lockLease, postCredit, unappliedCreditCents } from '../payments/credits.ts';
import { todayOf } from '../payments/payment-context.ts';
import { type ConsoleCaller, requireCompanyScope } from '../search/caller.ts';

/** The largest one-off charge or credit: the spec's overpayment limit (spec 1 §9, 100000). */
export const MAX_POSTED_CENTS = OVERPAYMENT_LIMIT_CENTS;
/** How far from today a due date may be (a typo such as 2062 is refused, not posted). */
export const DUE_DATE_RANGE_DAYS = 730;
export const DESCRIPTION_MAX = 500;

export interface PostChargeInput {
  leaseId: string;
  kind: 'CHARGE' | 'CREDIT';
  code: string;
  /** Cents. */
  amountCents: number;
  /** Required for a CHARGE; a CREDIT's is only recorded in the audit trail. */
  dueDate?: string | null;
  description?: string | null;
}

export type { PostChargeResult, PostedOpenCharge };

/** The name a code's charge takes: the company's own name, or the portal's English name of a default code. */
function chargeNameOf(codes: readonly { code: string; name: string }[], own: boolean, code: string): string {
  // a stored list may lack a name (jsonb): the code then names the charge
  const named = (codes.find((c) => c.code === code)?.name ?? '').trim();
  if (own && named) return named;
  if (Object.hasOwn(STANDARD_CHARGE_NAMES, code)) return STANDARD_CHARGE_NAMES[code as StandardChargeCode].english;
  return named || code;
}

async function openBalanceCents(tx: Executor, leaseId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${openCharges.balance}), 0)` })
    .from(openCharges)
    .where(and(eq(openCharges.billingAccountId, leaseId), gt(openCharges.balance, 0)));
  return Number(row?.sum ?? 0);
}

export async function postOneOffCharge(
  ctx: Pick<AppContext, 'db' | 'now'>,
  caller: ConsoleCaller,
  actor: Actor,
  input: PostChargeInput,
): Promise<PostChargeResult> {
  const [lease] = await ctx.db
    .select({
      id: propertyLeases.id,
      userId: propertyLeases.userId,
      propertyId: propertyLeases.propertyId,
      companyId: propertyLeases.companyId,
      country: companies.country,
      chargeCodes: companies.chargeCodes,
    })
    .from(propertyLeases)
    .innerJoin(companies, eq(companies.id, propertyLeases.companyId))
    .where(eq(propertyLeases.id, input.leaseId))
    .limit(1);
  if (!lease) throw AppError.notFound('Lease');
  requireCompanyScope(caller, lease.companyId, 'Lease');

  // Validation after the scope (another company's lease answers 404 whatever the body).
  const own = (lease.chargeCodes ?? []).length > 0;
  const codes = getChargeCodes({ chargeCodes: lease.chargeCodes });
  const wanted = input.code.trim();
  const code =
    codes.find((c) => c.code === wanted)?.code ??
    codes.find((c) => typeof c.code === 'string' && c.code.toLowerCase() === wanted.toLowerCase())?.code;
  if (!code) throw AppError.onField('code', 'server.charges.codeUnknown', { fieldValue: input.code });
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > MAX_POSTED_CENTS)
    throw AppError.onField('amount', 'server.charges.amountRange');
  const today = todayOf(ctx.now());
  const dueDate = input.dueDate ?? '';
  if (
    (input.kind === 'CHARGE' || input.dueDate != null) &&
    (!isValidIsoDate(dueDate) || dueDate < addDays(today, -DUE_DATE_RANGE_DAYS) || dueDate > addDays(today, DUE_DATE_RANGE_DAYS))
  )
    throw AppError.onField('dueDate', 'server.charges.dueDateInvalid', { fieldValue: input.dueDate });
  const description = input.description?.trim() || null;
  if (description && description.length > DESCRIPTION_MAX)
    throw AppError.onField('description', 'server.charges.descriptionTooLong', { values: { maximum: DESCRIPTION_MAX } });
  const name = chargeNameOf(codes, own, code);
  const createdBy = { id: actor.id ?? caller.id, type: actor.type ?? (caller.role === 'admin' ? 'TYPE_ADMIN' : 'TYPE_MANAGER') };

  return ctx.db.transaction(async (tx) => {
    // One writer per lease: a concurrent post, the monthly posting's credit step and this one never share cents.
    if (!(await lockLease(tx, lease.id))) throw AppError.notFound('Lease');
    let openCharge: PostedOpenCharge | null = null;
    let transaction: PostChargeResult['transaction'] = null;
    if (input.kind === 'CHARGE') {
      const [row] = await tx
        .insert(openCharges)
        .values({
          billingAccountId: lease.id,
          code,
          name,
          dueDate,
          postMonth: firstOfMonth(dueDate),
          amount: input.amountCents,
          balance: input.amountCents,
          description,
          createdBy: createdBy.id,
          createdAt: ctx.now().toISOString(),
        })
        .returning();
      await recordAudit(tx, {
        recordType: 'open_charge',
        recordId: row.id,
        action: 'CHARGE_POSTED',
        changes: {
          from: null,
          to: { leaseId: lease.id, code, name, amountCents: row.amount, dueDate: row.dueDate, description },
        },
        actor,
      });
      // issue 23: the lease's unapplied credit pays the new charge at once
      await applyUnappliedCredits(tx, lease.id);
      const [after] = await tx.select().from(openCharges).where(eq(openCharges.id, row.id));
      openCharge = {
        id: after.id,
        billingAccountId: after.billingAccountId,
        code: after.code,
        name: after.name,
        dueDate: after.dueDate,
        postMonth: after.postMonth,
        amount: fromCents(after.amount),
        balance: fromCents(after.balance),
        description: after.description,
      };
    } else {
      const { transaction: t } = await postCredit(tx, {
        lease: {
          id: lease.id,
          userId: lease.userId,
          propertyId: lease.propertyId,
          companyId: lease.companyId,
          currency: currencyForCountry(lease.country),
        },
        amountCents: input.amountCents,
        code,
        name,
        description,
        createdBy,
        createDate: ctx.now().toISOString(),
      });
      await recordAudit(tx, {
        recordType: 'payment_transaction',
        recordId: t.id,
        action: 'CREDIT_POSTED',
        changes: {
          from: null,
          to: { leaseId: lease.id, code, amountCents: t.amount, dueDate: input.dueDate ?? null, description },
        },
        actor,
      });
      transaction = {
        id: t.id,
        confirmationId: t.confirmationId,
        transactionType: t.transactionType,
        status: t.status,
        amount: fromCents(t.amount),
        currency: t.currency,
        createDate: new Date(t.createDate).toISOString(),
        charges: t.charges.map((c) => ({ ...c, amount: fromCents(c.amount) })),
      };
    }
    return {
      kind: input.kind,
      leaseId: lease.id,
      openCharge,
      transaction,
      unappliedCredit: fromCents(await unappliedCreditCents(tx, lease.id)),
      balance: fromCents(await openBalanceCents(tx, lease.id)),
    };
  });
}
