// The append-only ledger of payments (ARCHITECTURE "Data"; issue 8): a payment is a payment_transactions row with its
// charge_allocations; an open charge's balance is its amount less the allocations of the transactions that still stand
// (a FAILED or CANCELLED transaction's allocations are given back). Every change here runs in the caller's transaction.

import { randomBytes } from 'node:crypto';
import { toIsoInstant } from '@portal/domain/dates';
import type { FeeQuote } from '@portal/domain/fees';
import { type AllocatableCharge, allocatePayment } from '@portal/domain/ledger';
import { type Currency, fromCents, toCents } from '@portal/domain/money';
import type { OpenChargeLike } from '@portal/domain/payment-amounts';
import type { PaymentCharge, PaymentResult } from '@portal/domain/payment-shapes';
import { getReceiptAmounts } from '@portal/domain/receipt';
import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { chargeAllocations, corporateUsers, openCharges, paymentTransactions } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { paymentOutcomeNoticeSql } from '../notifications/payment-notices.ts';
import { columnsOf, driverValue, mapRow, runStatement, selectList, statement } from './raw-statements.ts';

/** Statuses whose allocations count against the charges' balances. */
export const STANDING_STATUSES = ['COMPLETE', 'PENDING', 'INPROCESS', 'ONHOLD', 'AUTHORIZED'] as const;

export type TransactionRow = typeof paymentTransactions.$inferSelect;

export interface LockedCharge extends AllocatableCharge {
  name: string;
}

const LOCK_FIELDS = {
  id: openCharges.id,
  code: openCharges.code,
  name: openCharges.name,
  dueDate: openCharges.dueDate,
  balanceCents: openCharges.balance,
};
const lockStatement = statement(
  () => sql`SELECT ${selectList(LOCK_FIELDS)} FROM ${openCharges}
WHERE ${openCharges.billingAccountId} = ${sql.placeholder('leaseId')} AND ${openCharges.balance} > 0
ORDER BY ${openCharges.dueDate}, ${openCharges.createdAt}, ${openCharges.id}
FOR UPDATE`,
);

/** The lease's open charges with a balance, oldest first, locked until the transaction ends (FOR UPDATE). */
export async function lockOpenCharges(tx: Executor, leaseId: string): Promise<LockedCharge[]> {
  const rows = await runStatement(tx, lockStatement({ leaseId }));
  return rows.map((row) => mapRow<LockedCharge>(LOCK_FIELDS, row));
}

const LOCK_MANY_FIELDS = { ...LOCK_FIELDS, leaseId: openCharges.billingAccountId };
const lockManyStatement = statement(
  () => sql`SELECT ${selectList(LOCK_MANY_FIELDS)} FROM ${openCharges}
WHERE ${openCharges.billingAccountId} = ANY(${sql.placeholder('leaseIds')}::text[]) AND ${openCharges.balance} > 0
ORDER BY ${openCharges.dueDate}, ${openCharges.createdAt}, ${openCharges.id}
FOR UPDATE`,
);

/**
 * lockOpenCharges for many leases in ONE statement (the autopay job's batches, issue 10 "Benchmark"): by lease, oldest
 * first. Locked in one global order, so two runners locking overlapping leases wait rather than deadlock.
 */
export async function lockOpenChargesOf(tx: Executor, leaseIds: readonly string[]): Promise<Map<string, LockedCharge[]>> {
  const out = new Map<string, LockedCharge[]>(leaseIds.map((id) => [id, []]));
  if (leaseIds.length === 0) return out;
  const rows = await runStatement(tx, lockManyStatement({ leaseIds: [...new Set(leaseIds)] }));
  for (const row of rows) {
    const { leaseId, ...charge } = mapRow<LockedCharge & { leaseId: string }>(LOCK_MANY_FIELDS, row);
    out.get(leaseId)?.push(charge);
  }
  return out;
}

/** An open charge as the amount rules read it (the balance in dollars). */
export type OpenBalance = OpenChargeLike & { balance: number };

/** Locked charges as the amount rules read them. */
export function balancesOf(charges: readonly LockedCharge[]): OpenBalance[] {
  return charges.map((c) => ({ dueDate: c.dueDate, balance: c.balanceCents / 100 }));
}

/** The lease's open balances as the amount rules read them (a consistent read under the charges' lock). */
export async function currentBalances(ctx: Pick<AppContext, 'db'>, leaseId: string): Promise<OpenBalance[]> {
  return ctx.db.transaction(async (tx) => balancesOf(await lockOpenCharges(tx, leaseId)));
}

// Confirmation ids as the tenant reads them on a receipt: RL- and 6 characters without look-alikes (no 0/O, 1/I).
const CONFIRMATION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newConfirmationId(): string {
  const bytes = randomBytes(6);
  let out = 'RL-';
  for (const b of bytes) out += CONFIRMATION_ALPHABET[b % CONFIRMATION_ALPHABET.length];
  return out;
}

export interface NewPayment {
  userId: string;
  /** The billing account paid: a lease, or (billingAccountType TYPE_LEASE_APPLICATION) a lease application. */
  leaseId: string;
  /**
   * What leaseId names (issue 11: an application fee is TYPE_LEASE_APPLICATION; issue 20: a later split-pay instalment
   * is the plan's, TYPE_INSTALLMENT_PAY, and pays no lease charge; issue 22: a credit-reporting year's fee is the
   * subscription's, TYPE_CREDIT_REPORT); TYPE_PROPERTY_LEASE if absent.
   */
  billingAccountType?: 'TYPE_PROPERTY_LEASE' | 'TYPE_LEASE_APPLICATION' | 'TYPE_INSTALLMENT_PAY' | 'TYPE_CREDIT_REPORT';
  propertyId: string;
  companyId: string;
  currency: 'CAD' | 'USD';
  status: 'INPROCESS' | 'PENDING' | 'COMPLETE' | 'CANCELLED';
  paymentProviderId?: string | null;
  /** The payment without the fee (less the fee when feeType is SUBTRACT). */
  amountCents: number;
  feeCents: number;
  feeType: 'ADD' | 'SUBTRACT';
  feePaidByCompany: boolean;
  paymentMethodType: string | null;
  paymentMethodId?: string | null;
  cardBrand?: string | null;
  last4?: string | null;
  note?: string | null;
  idempotencyKey: string | null;
  source?: string | null;
  /** The autopay schedule that made the payment (issue 10). */
  recurringScheduleId?: string | null;
  /** The payment this one belongs to (a later split-pay instalment: the plan's payment). */
  parentTransactionId?: string | null;
  /** When it was made (ISO instant): the job's clock (issue 10 `npm run jobs -- --now`); the database's now() if absent. */
  createDate?: string | null;
  /** What the processor is asked to charge and the method whose token it charges (a retry re-drives that charge). */
  chargeCents?: number | null;
  chargeMethodId?: string | null;
  /** The admin who acted while viewing as the tenant. */
  actedBy?: string | null;
  /** How the amount pays the charges: all of it oldest first, or per charge code. */
  allocate: { amountCents: number } | { charges: { code: string; amountCents: number }[] } | null;
  openCharges: readonly LockedCharge[];
}

/** The fields of a payment of the lease's tenant priced by `quote` (SUBTRACT: the amount is net of the fee). */
export function paymentOn(
  lease: { id: string; userId: string; propertyId: string; companyId: string; currency: Currency },
  quote: Pick<FeeQuote, 'transactionAmountCents' | 'feeCents' | 'feeType' | 'paidByCompany'>,
): Pick<
  NewPayment,
  'userId' | 'leaseId' | 'propertyId' | 'companyId' | 'currency' | 'amountCents' | 'feeCents' | 'feeType' | 'feePaidByCompany'
> {
  return {
    userId: lease.userId,
    leaseId: lease.id,
    propertyId: lease.propertyId,
    companyId: lease.companyId,
    currency: lease.currency,
    amountCents: quote.transactionAmountCents,
    feeCents: quote.feeCents,
    feeType: quote.feeType,
    feePaidByCompany: quote.paidByCompany,
  };
}

/** How a payment pays the charges: per charge code, or all of it oldest first (SUBTRACT: the net amount). */
export function allocationOf(
  body: { charges?: readonly PaymentCharge[] },
  quote: Pick<FeeQuote, 'feeType' | 'transactionAmountCents'>,
): NonNullable<NewPayment['allocate']> {
  return body.charges && quote.feeType !== 'SUBTRACT'
    ? { charges: body.charges.map((c) => ({ code: c.code, amountCents: toCents(c.amount) })) }
    : { amountCents: quote.transactionAmountCents };
}

/** Records a payment and allocates it to the open charges (balances reduced now, given back if it fails). */
export async function postPayment(tx: Executor, p: NewPayment): Promise<TransactionRow> {
  const { values, allocated } = insertOf(p);
  for (const key of INSERTED) values[key] = driverValue(TRANSACTION_FIELDS[key], values[key]);
  // The transaction, its allocations and the charges' balances in ONE statement.
  values.allocations = JSON.stringify(allocated);
  const [row] = await runStatement(tx, postStatement(values));
  const posted = mapRow<TransactionRow>(TRANSACTION_FIELDS, row, { byName: true });
  // issue 20 §2: money an admin moved while viewing as the tenant is in the audit trail under the admin's name (issue
  // 23: or the manager's, with their own type)
  if (p.actedBy) {
    const [who] = await tx
      .select({ type: corporateUsers.type })
      .from(corporateUsers)
      .where(eq(corporateUsers.id, p.actedBy))
      .limit(1);
    await recordAudit(tx, {
      recordType: 'payment_transaction',
      recordId: posted.id,
      action: 'PAYMENT_AS_TENANT',
      changes: { tenantId: p.userId, amountCents: p.amountCents, feeCents: p.feeCents, currency: p.currency },
      actor: { id: p.actedBy, type: who?.type ?? 'TYPE_ADMIN' },
    });
  }
  return posted;
}

/**
 * postPayment for many payments in ONE statement (the autopay job's batches, issue 10 "Benchmark"), in their order.
 * Each is allocated from its own openCharges: payments of one lease must not share a call.
 */
export async function postPayments(tx: Executor, payments: readonly NewPayment[]): Promise<TransactionRow[]> {
  if (payments.length === 0) return [];
  // Keyed by the columns' names (jsonb_to_recordset reads them so); jsonb values stay JSON.
  const seen = new Set<string>();
  const rows = payments.map((p) => {
    const { values, allocated } = insertOf(p);
    // The rows are told apart by their confirmation ids: unique within the call.
    while (seen.has(values.confirmationId as string)) values.confirmationId = newConfirmationId();
    seen.add(values.confirmationId as string);
    const row: Record<string, unknown> = { allocations: allocated };
    for (const key of INSERTED) row[TRANSACTION_FIELDS[key].name] = values[key];
    return { row, confirmationId: values.confirmationId as string };
  });
  const posted = await runStatement(tx, postManyStatement({ rows: JSON.stringify(rows.map((r) => r.row)) }));
  const byConfirmation = new Map(
    posted.map((row) => {
      const t = mapRow<TransactionRow>(TRANSACTION_FIELDS, row, { byName: true });
      return [t.confirmationId, t];
    }),
  );
  return rows.map((r) => byConfirmation.get(r.confirmationId) as TransactionRow);
}

/** A payment's column values (by field) and its allocations. */
function insertOf(p: NewPayment): { values: Record<string, unknown>; allocated: { id: string; amount: number }[] } {
  const { allocations, unallocatedCents } = p.allocate
    ? allocatePayment(p.openCharges, p.allocate)
    : { allocations: [], unallocatedCents: 0 };
  const byId = new Map(p.openCharges.map((c) => [c.id, c]));
  const lines = allocations.map((a) => {
    const c = byId.get(a.openChargeId) as LockedCharge;
    return { code: c.code ?? 'other', name: c.name, amount: a.amountCents };
  });
  if (p.allocate && unallocatedCents > 0) lines.push({ code: 'other', name: 'Prepayment', amount: unallocatedCents });
  const values: Record<string, unknown> = {
    userId: p.userId,
    billingAccountId: p.leaseId,
    billingAccountType: p.billingAccountType ?? 'TYPE_PROPERTY_LEASE',
    propertyId: p.propertyId,
    companyId: p.companyId,
    amount: p.amountCents,
    currency: p.currency,
    status: p.status,
    transactionType: 'PAYMENT',
    source: p.source ?? null,
    paymentProviderId: p.paymentProviderId ?? null,
    confirmationId: newConfirmationId(),
    paymentMethodType: p.paymentMethodType,
    paymentMethodId: p.paymentMethodId ?? null,
    cardBrand: p.cardBrand ?? null,
    last4: p.last4 ?? null,
    feeAmount: p.feeCents,
    feeType: p.feeType,
    feePaidByCompany: p.feePaidByCompany,
    charges: lines,
    note: p.note ?? null,
    idempotencyKey: p.idempotencyKey,
    recurringScheduleId: p.recurringScheduleId ?? null,
    parentTransactionId: p.parentTransactionId ?? null,
    createDate: p.createDate ?? null,
    chargeCents: p.chargeCents ?? null,
    chargeMethodId: p.chargeMethodId ?? null,
    actedBy: p.actedBy ?? null,
  };
  const allocated = p.status !== 'CANCELLED' ? allocations : [];
  return { values, allocated: allocated.map((a) => ({ id: a.openChargeId, amount: a.amountCents })) };
}

// Rows carry the columns' own names (as drizzle's RETURNING did: the benchmark reads create_date from it).
const TRANSACTION_FIELDS = columnsOf(paymentTransactions);
/** The columns postPayment writes (the others take their defaults). */
const INSERTED = [
  'userId',
  'billingAccountId',
  'billingAccountType',
  'propertyId',
  'companyId',
  'amount',
  'currency',
  'status',
  'transactionType',
  'source',
  'paymentProviderId',
  'confirmationId',
  'paymentMethodType',
  'paymentMethodId',
  'cardBrand',
  'last4',
  'feeAmount',
  'feeType',
  'feePaidByCompany',
  'charges',
  'note',
  'idempotencyKey',
  'recurringScheduleId',
  'parentTransactionId',
  'createDate',
  'chargeCents',
  'chargeMethodId',
  'actedBy',
] as const;

const postStatement = statement(() => {
  const columns = sql.join(
    INSERTED.map((key) => sql.identifier(TRANSACTION_FIELDS[key].name)),
    sql.raw(', '),
  );
  const placeholders = sql.join(
    // No createDate given: the column's default (now()).
    INSERTED.map((key) =>
      key === 'createDate' ? sql`COALESCE(${sql.placeholder(key)}::timestamptz, now())` : sql.placeholder(key),
    ),
    sql.raw(', '),
  );
  const allocated = sql`jsonb_to_recordset(${sql.placeholder('allocations')}::jsonb) AS v(id text, amount bigint)`;
  return sql`WITH t AS (INSERT INTO ${paymentTransactions} (${columns}) VALUES (${placeholders}) RETURNING *),
a AS (INSERT INTO ${chargeAllocations} (${sql.identifier(chargeAllocations.transactionId.name)}, ${sql.identifier(
    chargeAllocations.openChargeId.name,
  )}, ${sql.identifier(chargeAllocations.amount.name)}) SELECT t.id, v.id, v.amount FROM t, ${allocated}),
b AS (UPDATE ${openCharges} SET ${sql.identifier(openCharges.balance.name)} = ${openCharges.balance} - v.amount
  FROM ${allocated} WHERE ${openCharges.id} = v.id)
SELECT ${selectList(TRANSACTION_FIELDS, { qualifier: 't', byName: true })} FROM t`;
});

const postManyStatement = statement(() => {
  const name = (key: (typeof INSERTED)[number]) => TRANSACTION_FIELDS[key].name;
  const columns = sql.join(
    INSERTED.map((key) => sql.identifier(name(key))),
    sql.raw(', '),
  );
  // The rows' values as a JSON array, typed by their columns.
  const record = sql.join(
    [
      ...INSERTED.map((key) => sql`${sql.identifier(name(key))} ${sql.raw(TRANSACTION_FIELDS[key].getSQLType())}`),
      sql`allocations jsonb`,
    ],
    sql.raw(', '),
  );
  const values = sql.join(
    INSERTED.map((key) =>
      key === 'createDate' ? sql`COALESCE(v.${sql.identifier(name(key))}, now())` : sql`v.${sql.identifier(name(key))}`,
    ),
    sql.raw(', '),
  );
  const confirmation = sql.identifier(name('confirmationId'));
  const allocated = sql`jsonb_to_recordset(v.allocations) AS x(id text, amount bigint)`;
  return sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) AS v(${record})),
t AS (INSERT INTO ${paymentTransactions} (${columns}) SELECT ${values} FROM v RETURNING *),
a AS (INSERT INTO ${chargeAllocations} (${sql.identifier(chargeAllocations.transactionId.name)}, ${sql.identifier(
    chargeAllocations.openChargeId.name,
  )}, ${sql.identifier(chargeAllocations.amount.name)}) SELECT t.id, x.id, x.amount FROM t JOIN v ON v.${confirmation} = t.${confirmation}, ${allocated}),
b AS (UPDATE ${openCharges} SET ${sql.identifier(openCharges.balance.name)} = ${openCharges.balance} - s.amount
  FROM (SELECT x.id, sum(x.amount) AS amount FROM v, ${allocated} GROUP BY x.id) AS s WHERE ${openCharges.id} = s.id)
SELECT ${selectList(TRANSACTION_FIELDS, { qualifier: 't', byName: true })} FROM t`;
});

const settleStatement = statement(
  () => sql`UPDATE ${paymentTransactions} SET ${sql.identifier(paymentTransactions.status.name)} = ${sql.placeholder('status')},
  ${sql.identifier(paymentTransactions.paymentProviderId.name)} = ${sql.placeholder('providerId')},
  ${sql.identifier(paymentTransactions.error.name)} = ${sql.placeholder('error')}
WHERE ${paymentTransactions.id} = ${sql.placeholder('id')}
RETURNING ${selectList(TRANSACTION_FIELDS, { byName: true })}`,
);

/** Sets a transaction's outcome (one statement: atomic on its own, or part of the caller's transaction). */
export async function setTransactionOutcome(
  executor: Executor,
  id: string,
  outcome: { status: string; providerId: string | null; error: string | null },
): Promise<TransactionRow> {
  const [row] = await runStatement(executor, settleStatement({ id, ...outcome }));
  return mapRow<TransactionRow>(TRANSACTION_FIELDS, row, { byName: true });
}

// issue 25: the same statement tells the tenant of their own one-time payment's outcome (notifications/payment-notices.ts)
const settleFromStatement = statement(
  () => sql`WITH s AS (UPDATE ${paymentTransactions} SET ${sql.identifier(paymentTransactions.status.name)} = ${sql.placeholder('status')},
  ${sql.identifier(paymentTransactions.paymentProviderId.name)} = coalesce(${sql.placeholder('providerId')}::text, ${paymentTransactions.paymentProviderId}),
  ${sql.identifier(paymentTransactions.error.name)} = ${sql.placeholder('error')}
WHERE ${paymentTransactions.id} = ${sql.placeholder('id')} AND ${paymentTransactions.status} = ${sql.placeholder('from')}
RETURNING *),
told AS (${paymentOutcomeNoticeSql('s', sql.placeholder('from'))})
SELECT ${selectList(TRANSACTION_FIELDS, { qualifier: 's', byName: true })} FROM s`,
);

/**
 * Moves a transaction from the status `from` (INPROCESS, or a bank debit's PENDING) to its outcome (a null provider id
 * keeps the one it has); null when it is no longer in `from` (a retry, a reclaim or the recovery settled it first: the
 * caller reads what it became). Allocations are the caller's (closeTransaction gives them back).
 */
export async function settleFrom(
  executor: Executor,
  id: string,
  from: string,
  outcome: { status: string; providerId: string | null; error: string | null },
): Promise<TransactionRow | null> {
  const [row] = await runStatement(executor, settleFromStatement({ id, from, ...outcome }));
  return row ? mapRow<TransactionRow>(TRANSACTION_FIELDS, row, { byName: true }) : null;
}

/**
 * Moves a transaction from the status `from` to its outcome, once, in the caller's database transaction; an outcome
 * that no longer stands (FAILED, CANCELLED, TIMEDOUT) gives its allocations back. Null when it is no longer in `from`.
 * Every settlement of a payment goes through here: a processor's charge, a redirect page's outcome, a wallet capture.
 */
export async function closeTransaction(
  tx: Executor,
  id: string,
  from: string,
  outcome: { status: string; providerId: string | null; error: string | null },
): Promise<TransactionRow | null> {
  const row = await settleFrom(tx, id, from, outcome);
  if (row && !(STANDING_STATUSES as readonly string[]).includes(row.status)) await releaseAllocations(tx, id);
  return row;
}

/** A transaction by id. */
export async function getTransaction(executor: Executor, id: string): Promise<TransactionRow> {
  const [row] = await executor.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)).limit(1);
  if (!row) throw new Error(`payment transaction ${id} not found`);
  return row;
}

/** The transaction a user's request recorded under its Idempotency-Key (at most one: a unique index), or null. */
export async function findTransactionByKey(executor: Executor, userId: string, key: string): Promise<TransactionRow | null> {
  const [row] = await executor
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.userId, userId), eq(paymentTransactions.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** Whether `err` is the unique index of (user, Idempotency-Key) refusing a second transaction (issue 20). */
export function isDuplicatePaymentKey(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (constraint === 'payment_transactions_key_uq' || message?.includes('payment_transactions_key_uq')))
      return true;
  }
  return false;
}

/** Gives a failed payment's allocations back to the charges it paid (the allocation rows stay, as history). */
export async function releaseAllocations(tx: Executor, transactionId: string): Promise<void> {
  const allocations = await tx
    .select({ openChargeId: chargeAllocations.openChargeId, amount: chargeAllocations.amount })
    .from(chargeAllocations)
    .where(eq(chargeAllocations.transactionId, transactionId));
  if (allocations.length === 0) return;
  await tx
    .select({ id: openCharges.id })
    .from(openCharges)
    .where(
      inArray(
        openCharges.id,
        allocations.map((a) => a.openChargeId),
      ),
    )
    .for('update');
  for (const a of allocations) {
    await tx
      .update(openCharges)
      .set({ balance: sql`${openCharges.balance} + ${a.amount}` })
      .where(eq(openCharges.id, a.openChargeId));
  }
}

/** Transactions still in `status` that were recorded before `before` (what the recovery settles), of `only` if given. */
export function findStuckTransactions(
  db: Executor,
  status: TransactionRow['status'],
  before: string,
  only?: SQL,
): Promise<TransactionRow[]> {
  return db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.status, status), lt(paymentTransactions.createDate, before), only));
}

/** spec 1 §9: what the tenant pays: the amount, plus the fee unless the company pays it (SUBTRACT: what was paid). */
export function totalCentsOf(row: Pick<TransactionRow, 'amount' | 'feeAmount' | 'feePaidByCompany'>): number {
  return getReceiptAmounts({ amountCents: row.amount, feeCents: row.feeAmount, feePaidByCompany: row.feePaidByCompany })
    .totalCents;
}

/** The transaction as the payment calls answer it. */
export function toPaymentResult(row: TransactionRow): PaymentResult {
  return {
    id: row.id,
    userId: row.userId,
    billingAccountId: row.billingAccountId,
    billingAccountType: row.billingAccountType,
    propertyId: row.propertyId,
    amount: fromCents(row.amount),
    currency: row.currency as 'CAD' | 'USD',
    status: row.status,
    transactionType: row.transactionType,
    source: row.source,
    paymentProviderId: row.paymentProviderId,
    createDate: toIsoInstant(row.createDate),
    confirmationId: row.confirmationId,
    paymentMethodType: row.paymentMethodType,
    paymentMethodId: row.paymentMethodId,
    cardBrand: row.cardBrand,
    last4: row.last4,
    feeAmount: fromCents(row.feeAmount),
    feeType: row.feeType,
    feePaidByCompany: row.feePaidByCompany,
    charges: row.charges.map((c) => ({ code: c.code, name: c.name, amount: fromCents(c.amount) })),
    note: row.note,
    hostedPaymentPageId: row.hostedPaymentPageId,
    error: row.error,
    total: fromCents(totalCentsOf(row)),
  };
}
