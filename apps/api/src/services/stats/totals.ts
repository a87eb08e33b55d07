// GET /admin/totals (spec 2 §7, issue 24): the platform's headline figures now: companies, properties, leases by
// status, tenants, live payment methods, applications, active subscriptions, and all-time money per currency.
import type { AppContext } from '../../context.ts';
import { allFacts } from './facts.ts';
import { int, money, query } from './sql.ts';

export interface Totals {
  companies: number;
  properties: number;
  leases: number;
  leasesByStatus: { status: string; count: number }[];
  tenants: number;
  paymentMethods: number;
  applications: number;
  activeSubscriptions: number;
  money: {
    currency: string;
    completedPayments: number;
    processedAmount: number;
    feeAmount: number;
    refundedAmount: number;
  }[];
}

export async function getTotals(ctx: Pick<AppContext, 'database' | 'db'>): Promise<Totals> {
  const [counts] = await query(
    ctx,
    `SELECT (SELECT count(*) FROM companies) AS companies,
       (SELECT count(*) FROM properties) AS properties,
       (SELECT count(*) FROM customers) AS tenants,
       (SELECT count(*) FROM payment_methods WHERE deleted_at IS NULL) AS methods,
       (SELECT count(*) FROM lease_applications) AS applications,
       (SELECT count(*) FROM credit_report_subscriptions WHERE status = 'ACTIVE') AS subscriptions`,
    [],
  );
  const leases = await query(ctx, 'SELECT status, count(*) AS n FROM property_leases GROUP BY 1 ORDER BY 2 DESC, 1', []);
  const moneyRows = await query(
    ctx,
    `SELECT f.currency,
       coalesce(sum(f.n) FILTER (WHERE f.transaction_type = 'PAYMENT'), 0) AS completed,
       coalesce(sum(f.amount) FILTER (WHERE f.transaction_type = 'PAYMENT'), 0)::text AS processed,
       coalesce(sum(f.fee_amount) FILTER (WHERE f.transaction_type = 'PAYMENT'), 0)::text AS fees,
       coalesce(sum(f.amount) FILTER (WHERE f.transaction_type = 'REFUND'), 0)::text AS refunded
     FROM (${await allFacts(ctx)}) f WHERE f.status = 'COMPLETE' AND f.transaction_type IN ('PAYMENT', 'REFUND')
     GROUP BY 1 ORDER BY 1`,
    [],
  );
  const leasesByStatus = leases.map((r) => ({ status: String(r.status), count: int(r.n) }));
  return {
    companies: int(counts?.companies),
    properties: int(counts?.properties),
    leases: leasesByStatus.reduce((t, r) => t + r.count, 0),
    leasesByStatus,
    tenants: int(counts?.tenants),
    paymentMethods: int(counts?.methods),
    applications: int(counts?.applications),
    activeSubscriptions: int(counts?.subscriptions),
    money: moneyRows.map((r) => ({
      currency: String(r.currency),
      completedPayments: int(r.completed),
      processedAmount: money(int(r.processed)),
      feeAmount: money(int(r.fees)),
      refundedAmount: money(int(r.refunded)),
    })),
  };
}
