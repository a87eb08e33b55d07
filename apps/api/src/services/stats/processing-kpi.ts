// GET /admin/processing_kpi (spec 2 §7, issue 24): the payments of a period by method type: how many, how many went
// through or failed, the amount processed and its fees, refunds and bank returns, the average settlement time and the
// autopay share. Summed by SQL in cents over the ledger's monthly facts (facts.ts: equal to payment_transactions).
import type { AppContext } from '../../context.ts';
import { factsOf } from './facts.ts';
import type { Period } from './period.ts';
import { FAILED_STATUSES, int, money, OPEN_STATUSES, query, rate } from './sql.ts';

interface Figures {
  currency: string;
  /** PAYMENT transactions created in the period, whatever became of them. */
  payments: number;
  completed: number;
  failed: number;
  /** Still moving (INPROCESS, PENDING bank debits, ONHOLD, AUTHORIZED). */
  pending: number;
  /** completed / (completed + failed): the outcomes known; null when none. */
  successRate: number | null;
  failureRate: number | null;
  /** Amount of the completed payments (fees apart), and their processing fees. */
  processedAmount: number;
  feeAmount: number;
  /** Refunds and bank returns recorded in the period (COMPLETE), by the method of the payment they give back. */
  refundedAmount: number;
  returns: number;
  /** Mean seconds from a completed payment's creation to its settlement (settled_at); null when none settled. */
  averageSettlementSeconds: number | null;
  /** Payments made by autopay (a recurring schedule) and their share of all payments. */
  autopayPayments: number;
  autopayShare: number | null;
}

export interface ProcessingKpi {
  from: string;
  to: string;
  companyId: string | null;
  byMethod: (Figures & { paymentMethodType: string })[];
  /** The same figures for all methods, one row per currency (amounts of two currencies are never added). */
  totals: Figures[];
}

interface Acc {
  currency: string;
  payments: number;
  completed: number;
  failed: number;
  pending: number;
  processed: number;
  fees: number;
  refunded: number;
  returns: number;
  settledN: number;
  settledSeconds: number;
  autopay: number;
}

function figuresOf(a: Acc): Figures {
  const known = a.completed + a.failed;
  return {
    currency: a.currency,
    payments: a.payments,
    completed: a.completed,
    failed: a.failed,
    pending: a.pending,
    successRate: rate(a.completed, known),
    failureRate: rate(a.failed, known),
    processedAmount: money(a.processed),
    feeAmount: money(a.fees),
    refundedAmount: money(a.refunded),
    returns: a.returns,
    averageSettlementSeconds: a.settledN > 0 ? Math.round(a.settledSeconds / a.settledN) : null,
    autopayPayments: a.autopay,
    autopayShare: rate(a.autopay, a.payments),
  };
}

export async function getProcessingKpi(
  ctx: Pick<AppContext, 'database' | 'db'>,
  input: { period: Period; companyId: string | null },
): Promise<ProcessingKpi> {
  const params: unknown[] = [];
  const facts = await factsOf(ctx, input.period, { companyId: input.companyId }, params);
  const pay = `f.transaction_type = 'PAYMENT'`;
  const done = `${pay} AND f.status = 'COMPLETE'`;
  const rows = await query(
    ctx,
    `SELECT coalesce(f.payment_method_type, 'UNKNOWN') AS method, f.currency,
       coalesce(sum(f.n) FILTER (WHERE ${pay}), 0) AS payments,
       coalesce(sum(f.n) FILTER (WHERE ${done}), 0) AS completed,
       coalesce(sum(f.n) FILTER (WHERE ${pay} AND f.status IN ${FAILED_STATUSES}), 0) AS failed,
       coalesce(sum(f.n) FILTER (WHERE ${pay} AND f.status IN ${OPEN_STATUSES}), 0) AS pending,
       coalesce(sum(f.amount) FILTER (WHERE ${done}), 0)::text AS processed,
       coalesce(sum(f.fee_amount) FILTER (WHERE ${done}), 0)::text AS fees,
       coalesce(sum(f.amount) FILTER (WHERE f.transaction_type = 'REFUND' AND f.status = 'COMPLETE'), 0)::text AS refunded,
       coalesce(sum(f.n) FILTER (WHERE f.transaction_type = 'RETURN' AND f.status = 'COMPLETE'), 0) AS returns,
       coalesce(sum(f.settled_n) FILTER (WHERE ${done}), 0) AS settled_n,
       coalesce(sum(f.settled_seconds) FILTER (WHERE ${done}), 0)::float8 AS settled_s,
       coalesce(sum(f.n) FILTER (WHERE ${pay} AND f.autopay), 0) AS autopay
     FROM (${facts}) f
     GROUP BY 1, 2 HAVING sum(f.n) FILTER (WHERE f.transaction_type IN ('PAYMENT', 'REFUND', 'RETURN')) > 0
     ORDER BY 1, 2`,
    params,
  );
  const totals = new Map<string, Acc>();
  const byMethod = rows.map((r) => {
    const a: Acc = {
      currency: String(r.currency),
      payments: int(r.payments),
      completed: int(r.completed),
      failed: int(r.failed),
      pending: int(r.pending),
      processed: int(r.processed),
      fees: int(r.fees),
      refunded: int(r.refunded),
      returns: int(r.returns),
      settledN: int(r.settled_n),
      settledSeconds: Number(r.settled_s),
      autopay: int(r.autopay),
    };
    const t = totals.get(a.currency);
    if (!t) totals.set(a.currency, { ...a });
    else for (const k of Object.keys(a) as (keyof Acc)[]) if (k !== 'currency') t[k] += a[k];
    return { paymentMethodType: String(r.method), ...figuresOf(a) };
  });
  return {
    from: input.period.from,
    to: input.period.to,
    companyId: input.companyId,
    byMethod,
    totals: [...totals.values()].map(figuresOf),
  };
}
