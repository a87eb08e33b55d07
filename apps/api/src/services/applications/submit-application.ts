// POST /lease_application/{id}/submit (docs/api-contract.md "Lease applications (issue 11)"; spec 2 §4): the fields are
// saved, every asked field is checked (400 listing them all), the page's fee is charged once, then the screenings start.
//
// Charged once, whatever happens (a retry, a double click, two tabs, a crash):
//   1. one database transaction with the application row locked (SELECT … FOR UPDATE): the draft saved, the issues
//      checked (the save is kept even when some are missing: the 400 comes after the commit), and the fee decided from
//      the application's fee transactions (payment_transactions with billingAccountType TYPE_LEASE_APPLICATION and
//      billingAccountId the application):
//        - one COMPLETE or PENDING: already paid → the application is finished without charging;
//        - one INPROCESS (a concurrent submit, or a crash between charge and settle): that same transaction is charged
//          again under its own id, which the processor answers with the first charge (never a second one);
//        - none (or only FAILED ones): a new INPROCESS transaction, idempotency key `application-fee:<id>` (then
//          `application-fee:<id>:<n>` after n-1 refused attempts), priced by the company's fee profile of the method;
//   2. the processor charged with the transaction's id as its idempotency key (process-payment.ts chargeOnce);
//   3. the outcome settled (settlePayment): refused → 402 like /processpayment, the application stays IN_PROGRESS;
//      accepted (COMPLETE, or a bank debit PENDING) → status PENDING, submittedAt, feeAmount, feeTransactionId, in one
//      transaction with the row locked again.
// A crash after 1 leaves an INPROCESS transaction that recover-payments.ts settles (it reads only the transaction); the
// next submit then finds it COMPLETE/PENDING and finishes the application without charging (or FAILED and charges anew).
// After the commit the screenings start (services/screening/start-screenings.ts; they never throw for a provider failure).
import { type ApplicationDraft, applicationSubmitIssues } from '@portal/domain/application-form';
import { calculateFee } from '@portal/domain/fees';
import { isWalletReusable, PROCESSOR_CHARGED_METHOD_TYPES } from '@portal/domain/payment-methods';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { leaseApplications, paymentMethods, paymentTransactions, properties } from '../../db/schema.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { acceptedTypesOf, requireAcceptedType } from '../fees/accepted-payment-types.ts';
import { loadMethodFeeProfile, type MethodFeeProfile } from '../fees/method-fee-profile.ts';
import { chargeOnce, paymentRefusal, settlePayment } from '../payments/charge.ts';
import { postPayment, type TransactionRow, toPaymentResult, totalCentsOf } from '../payments/ledger.ts';
import { todayOf } from '../payments/payment-context.ts';
import { startScreenings } from '../screening/start-screenings.ts';
import {
  type ApplicationRow,
  type LeaseApplicationRecord,
  loadOwnApplication,
  loadPageByName,
  pageLikeOf,
  toApplicationRecordOf,
} from './application-record.ts';
import { applicationSubmitted, applyDraft, draftOfRow, OPEN_STATUSES, RECORD_TYPE } from './save-application.ts';

export const APPLICATION_BILLING_TYPE = 'TYPE_LEASE_APPLICATION';

export type SubmitBody = ApplicationDraft & { paymentMethodId?: string | null; paymentMethodType?: string | null };

type MethodRow = typeof paymentMethods.$inferSelect;

/** The fee transactions of an application, newest first. */
export async function applicationFeeTransactions(db: Executor, applicationId: string): Promise<TransactionRow[]> {
  return db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.billingAccountId, applicationId),
        eq(paymentTransactions.billingAccountType, APPLICATION_BILLING_TYPE),
      ),
    )
    .orderBy(desc(paymentTransactions.createDate), desc(paymentTransactions.id));
}

/** The idempotency key of an application's n-th fee attempt (the first is `application-fee:<id>`). */
export function applicationFeeKey(applicationId: string, attempt: number): string {
  return attempt <= 1 ? `application-fee:${applicationId}` : `application-fee:${applicationId}:${attempt}`;
}

async function loadMethod(db: Executor, customerId: string, id: string): Promise<MethodRow> {
  const [m] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, customerId), isNull(paymentMethods.deletedAt)))
    .limit(1);
  if (!m) throw AppError.notFound('Payment method');
  return m;
}

/** The method the fee is paid with, checked: a processor type with a token, accepted by the company, a live wallet. */
async function feeMethod(
  ctx: AppContext,
  input: { customerId: string; companyId: string; propertyId: string | null; body: SubmitBody },
): Promise<{ method: MethodRow; pricing: MethodFeeProfile }> {
  const methodId = input.body.paymentMethodId?.trim();
  if (!methodId) throw AppError.onField('paymentMethodId', 'validation.requiredField');
  const method = await loadMethod(ctx.db, input.customerId, methodId);
  if (input.body.paymentMethodType && input.body.paymentMethodType !== method.type)
    throw AppError.onField('paymentMethodType', 'server.payments.methodTypeMismatch');
  if (!PROCESSOR_CHARGED_METHOD_TYPES.has(method.type) || !method.processorToken)
    throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.applications.feeMethodNotSupported');
  if (method.type === 'TYPE_WALLET' && !isWalletReusable(method, ctx.now()))
    throw new AppError('RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED', 'server.payments.walletExpired');
  const pricing = await loadMethodFeeProfile(ctx, {
    customerId: input.customerId,
    companyId: input.companyId,
    paymentMethodId: method.id,
  });
  const [property] = input.propertyId
    ? await ctx.db
        .select({ accepted: properties.acceptedPaymentTypes })
        .from(properties)
        .where(eq(properties.id, input.propertyId))
        .limit(1)
    : [];
  requireAcceptedType(acceptedTypesOf(property?.accepted ?? null, pricing.company.acceptedPaymentTypes), method.type);
  return { method, pricing };
}

type Phase =
  | { kind: 'invalid'; fieldErrors: FieldError[] }
  | { kind: 'refused'; error: unknown }
  | { kind: 'done'; row: ApplicationRow }
  | { kind: 'charge'; pending: TransactionRow };

/** Where a failure after the commit is told (the route's request logger). */
export interface SubmitLog {
  error: (details: object, message: string) => void;
}

/** Marks the locked application submitted (PENDING) with its fee transaction, if any; audit SUBMIT as an UPDATE. */
async function finish(
  tx: Executor,
  input: { row: ApplicationRow; fee: TransactionRow | null; actor: Actor; now: Date; submitKey?: string | null },
): Promise<ApplicationRow> {
  const now = input.now.toISOString();
  const [after] = await tx
    .update(leaseApplications)
    .set({
      status: 'PENDING',
      submittedAt: now,
      updatedAt: now,
      feeAmount: input.fee ? totalCentsOf(input.fee) : null,
      feeTransactionId: input.fee?.id ?? null,
      // The request's key, or the one its charging request left on the row when the recovery finishes it (below).
      submitKey: input.submitKey ?? input.row.submitKey ?? null,
    })
    .where(eq(leaseApplications.id, input.row.id))
    .returning();
  await recordAudit(tx, {
    recordType: RECORD_TYPE,
    recordId: input.row.id,
    action: 'UPDATE',
    changes: {
      status: { from: input.row.status, to: 'PENDING' },
      submittedAt: { from: null, to: now },
      ...(input.fee ? { feeTransactionId: { from: null, to: input.fee.id } } : {}),
    },
    actor: input.actor,
  });
  return after as ApplicationRow;
}

export async function submitApplication(
  ctx: AppContext,
  input: {
    customerId: string;
    actor: Actor;
    actedBy?: string | null;
    /** The request's Idempotency-Key, if any: its retry after the application was submitted answers the application. */
    idempotencyKey?: string | null;
    id: string;
    body: SubmitBody;
    log?: SubmitLog;
  },
): Promise<LeaseApplicationRecord> {
  const { paymentMethodId: _m, paymentMethodType: _t, ...draft } = input.body;
  const today = todayOf(ctx.now());
  // Read before the lock: what the fee lookup needs (it reads outside any transaction, so not inside ours).
  const before = await loadOwnApplication(ctx.db, input.customerId, input.id);
  if (!OPEN_STATUSES.includes(before.status)) {
    // issue 20: the retry of the submit that did it (its answer was lost) gets the application, not "already submitted"
    if (input.idempotencyKey && before.submitKey === input.idempotencyKey) return toApplicationRecordOf(ctx.db, before);
    throw applicationSubmitted();
  }
  const page = await loadPageByName(ctx.db, before.pageName);
  const feeCents = page?.applicationFeeAmount ?? 0;
  const existingFees = feeCents > 0 ? await applicationFeeTransactions(ctx.db, input.id) : [];
  const needsNewCharge = feeCents > 0 && !existingFees.some((t) => ['COMPLETE', 'PENDING', 'INPROCESS'].includes(t.status));
  // The method is checked only when a new charge may be needed (a resumed or paid fee needs none); a refusal is
  // answered after the save (the fields are saved first whatever the method).
  let priced: Awaited<ReturnType<typeof feeMethod>> | null = null;
  let methodRefusal: unknown = null;
  if (needsNewCharge) {
    try {
      priced = await feeMethod(ctx, {
        customerId: input.customerId,
        companyId: before.companyId ?? '',
        propertyId: draft.propertyId ?? before.propertyId,
        body: input.body,
      });
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      methodRefusal = err;
    }
  }

  // 1. Saved, checked and the fee decided, the row locked.
  const phase: Phase = await ctx.db.transaction(async (tx) => {
    const locked = await loadOwnApplication(tx, input.customerId, input.id, { forUpdate: true });
    if (!OPEN_STATUSES.includes(locked.status)) {
      if (input.idempotencyKey && locked.submitKey === input.idempotencyKey) return { kind: 'done', row: locked };
      throw applicationSubmitted();
    }
    const row = await applyDraft(tx, { row: locked, draft, actor: input.actor, now: ctx.now() });
    const issues = applicationSubmitIssues(draftOfRow(row), pageLikeOf(page), { today });
    if (issues.length > 0) {
      return {
        kind: 'invalid',
        fieldErrors: issues.map((i) => ({
          field: i.path,
          errorCode: 'RM_ERROR_RECORD_VALIDATION',
          message: i.message,
          ...(i.values ? { values: i.values } : {}),
        })),
      };
    }
    if (feeCents <= 0)
      return {
        kind: 'done',
        row: await finish(tx, { row, fee: null, actor: input.actor, now: ctx.now(), submitKey: input.idempotencyKey }),
      };
    const fees = await applicationFeeTransactions(tx, row.id);
    const paid = fees.find((t) => t.status === 'COMPLETE' || t.status === 'PENDING');
    if (paid)
      return {
        kind: 'done',
        row: await finish(tx, { row, fee: paid, actor: input.actor, now: ctx.now(), submitKey: input.idempotencyKey }),
      };
    // The fee is about to be charged: the row keeps this request's key, so that when the request dies after the charge
    // and the recovery (finish-paid-applications) submits the application, the request's retry still gets it (200),
    // not "already submitted" (seen in two-servers-kill under load).
    if (input.idempotencyKey && row.submitKey !== input.idempotencyKey)
      await tx.update(leaseApplications).set({ submitKey: input.idempotencyKey }).where(eq(leaseApplications.id, row.id));
    const inFlight = fees.find((t) => t.status === 'INPROCESS');
    if (inFlight) return { kind: 'charge', pending: inFlight };
    if (methodRefusal) return { kind: 'refused', error: methodRefusal };
    if (!priced) {
      // The fee's transactions changed between the read and the lock (a concurrent attempt was refused): ask again.
      return {
        kind: 'refused',
        error: new AppError('RM_ERROR_IDEMPOTENCY_CONFLICT', 'server.applications.retry', { statusCode: 409 }),
      };
    }
    const { method, pricing } = priced;
    const quote = calculateFee(feeCents, pricing.feeProfile, { international: pricing.international });
    const pending = await postPayment(tx, {
      userId: input.customerId,
      leaseId: row.id,
      billingAccountType: APPLICATION_BILLING_TYPE,
      propertyId: row.propertyId ?? '',
      companyId: row.companyId ?? '',
      currency: pricing.currency,
      status: 'INPROCESS',
      amountCents: quote.transactionAmountCents,
      feeCents: quote.feeCents,
      feeType: quote.feeType,
      feePaidByCompany: quote.paidByCompany,
      paymentMethodType: method.type,
      paymentMethodId: method.id,
      cardBrand: method.brand,
      last4: method.last4,
      note: 'Application fee',
      idempotencyKey: applicationFeeKey(row.id, fees.length + 1),
      allocate: null,
      openCharges: [],
      chargeCents: quote.tenantTotalCents,
      chargeMethodId: method.id,
      actedBy: input.actedBy ?? null,
    });
    return { kind: 'charge', pending };
  });
  if (phase.kind === 'invalid') throw AppError.validation(phase.fieldErrors, 'server.applications.missingFields');
  if (phase.kind === 'refused') throw phase.error;

  let submitted: ApplicationRow;
  if (phase.kind === 'done') submitted = phase.row;
  else {
    // 2. Charged once (the transaction id is the processor's idempotency key), 3. settled.
    const method = phase.pending.paymentMethodId
      ? await loadMethodForCharge(ctx.db, input.customerId, phase.pending.paymentMethodId)
      : null;
    const outcome = await chargeOnce(ctx, phase.pending, {
      amountCents: totalCentsOf(phase.pending),
      currency: phase.pending.currency as 'CAD' | 'USD',
      token: method?.processorToken ?? '',
      description: `Lease application ${input.id} fee ${phase.pending.confirmationId}`,
    });
    const settled = await settlePayment(ctx, phase.pending, outcome);
    if (settled.status === 'FAILED') throw paymentRefusal(outcome.status === 'INSUFFICIENT_FUNDS', toPaymentResult(settled));
    submitted = await ctx.db.transaction(async (tx) => {
      const locked = await loadOwnApplication(tx, input.customerId, input.id, { forUpdate: true });
      // A concurrent submit that resumed the same transaction may have finished it first.
      if (!OPEN_STATUSES.includes(locked.status)) return locked;
      return finish(tx, { row: locked, fee: settled, actor: input.actor, now: ctx.now(), submitKey: input.idempotencyKey });
    });
  }

  await startScreeningsSafely(ctx, input.id, input.log);
  return toApplicationRecordOf(ctx.db, submitted);
}

/** The fee's method for the charge (a deleted method still pays a fee already recorded against it). */
async function loadMethodForCharge(db: Executor, customerId: string, id: string): Promise<MethodRow | null> {
  const [m] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, customerId)))
    .limit(1);
  return m ?? null;
}

/** The screenings start after the commit; a failure there never undoes the submit (the job retries PENDING ones). */
async function startScreeningsSafely(ctx: AppContext, id: string, log?: SubmitLog): Promise<void> {
  try {
    await startScreenings(ctx, id);
  } catch (err) {
    log?.error({ err, applicationId: id }, 'starting the screenings failed');
  }
}
