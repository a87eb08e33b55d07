// GET /admin/revenue_kpi/{year} and its /download (spec 2 §7, issue 24): the provider's revenue per month (UTC) and per
// company, from the ledger. What counts as revenue, read from payment_transactions:
// - processing fees: fee_amount of COMPLETE payments (whether the tenant or the company paid it, spec 1 §3 fee profile);
//   a refund or bank return gives back the payment's amount, not its fee (refund-payment.ts records fee 0), so a fee
//   stays earned;
// - service revenue: the amount of COMPLETE payments on a service's billing account — credit reporting's yearly
//   subscription fee (TYPE_CREDIT_REPORT) and the lease application's fee (TYPE_LEASE_APPLICATION) — less their COMPLETE
//   refunds and returns, in the month these are recorded.
// Rent is the landlord's money, not revenue. Each currency is summed apart (a company has one: its country's).
import type { AppContext } from '../../context.ts';
import { factsOf } from './facts.ts';
import { monthsOf, type Period, yearPeriod } from './period.ts';
import { APPLICATION_BILLING, CREDIT_REPORT_BILLING, int, query } from './sql.ts';

/** One month of one company, in cents. */
export interface RevenueCents {
  month: string;
  companyId: string | null;
  companyName: string | null;
  currency: string;
  processingFees: number;
  creditReporting: number;
  applicationFees: number;
  total: number;
}

export interface RevenueKpiCents {
  year: number;
  period: Period;
  rows: RevenueCents[];
}

/** The year's revenue rows (months with any revenue movement), in cents, by month then company name. */
export async function getRevenueCents(
  ctx: Pick<AppContext, 'database' | 'db'>,
  input: { year: number; companyId: string | null },
): Promise<RevenueKpiCents> {
  const period = yearPeriod(input.year);
  const params: unknown[] = [CREDIT_REPORT_BILLING, APPLICATION_BILLING];
  const facts = await factsOf(ctx, period, { companyId: input.companyId }, params);
  // + a payment, - what a refund or return gives back
  const signed = `CASE WHEN f.transaction_type = 'PAYMENT' THEN f.amount ELSE -f.amount END`;
  const rows = await query(
    ctx,
    `SELECT r.month, r.company_id, c.name AS company_name, r.currency, r.fees, r.credit, r.application
     FROM (
       SELECT to_char(f.month, 'YYYY-MM') AS month, f.company_id, f.currency,
         coalesce(sum(f.fee_amount) FILTER (WHERE f.transaction_type = 'PAYMENT'), 0)::text AS fees,
         coalesce(sum(${signed}) FILTER (WHERE f.billing_account_type = $1), 0)::text AS credit,
         coalesce(sum(${signed}) FILTER (WHERE f.billing_account_type = $2), 0)::text AS application
       FROM (${facts}) f
       WHERE f.status = 'COMPLETE'
       GROUP BY 1, 2, 3
     ) r LEFT JOIN companies c ON c.id = r.company_id
     WHERE r.fees <> '0' OR r.credit <> '0' OR r.application <> '0'
     ORDER BY r.month, c.name NULLS LAST, r.company_id, r.currency`,
    params,
  );
  return {
    year: input.year,
    period,
    rows: rows.map((r) => {
      const processingFees = int(r.fees);
      const creditReporting = int(r.credit);
      const applicationFees = int(r.application);
      return {
        month: String(r.month),
        companyId: r.company_id == null ? null : String(r.company_id),
        companyName: r.company_name == null ? null : String(r.company_name),
        currency: String(r.currency),
        processingFees,
        creditReporting,
        applicationFees,
        total: processingFees + creditReporting + applicationFees,
      };
    }),
  };
}

/** Every month of the year per currency found (zero where nothing), summed over the companies: the chart's series. */
export function monthlyTotals(kpi: RevenueKpiCents): Omit<RevenueCents, 'companyId' | 'companyName'>[] {
  const currencies = [...new Set(kpi.rows.map((r) => r.currency))].sort();
  const out: Omit<RevenueCents, 'companyId' | 'companyName'>[] = [];
  for (const month of monthsOf(kpi.period)) {
    for (const currency of currencies) {
      const rows = kpi.rows.filter((r) => r.month === month && r.currency === currency);
      const sum = (k: 'processingFees' | 'creditReporting' | 'applicationFees' | 'total') => rows.reduce((t, r) => t + r[k], 0);
      out.push({
        month,
        currency,
        processingFees: sum('processingFees'),
        creditReporting: sum('creditReporting'),
        applicationFees: sum('applicationFees'),
        total: sum('total'),
      });
    }
  }
  return out;
}
