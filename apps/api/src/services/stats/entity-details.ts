// GET /admin/entity_details and its /download (spec 2 §7, issue 24): one company's or one property's figures over a
// period (leases, tenants, payments and money by month) and what its tenants owe now. The admin's for any company; a
// manager's for their own company and its properties (another company's id: 404, ARCHITECTURE "Roles").
import { currencyForCountry } from '@portal/domain/money';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { type ConsoleCaller, requireCompanyScope } from '../search/caller.ts';
import { factsOf } from './facts.ts';
import { monthsOf, type Period } from './period.ts';
import { FAILED_STATUSES, int, query } from './sql.ts';

export interface EntityRef {
  type: 'company' | 'property';
  id: string;
  name: string;
  companyId: string;
  currency: 'CAD' | 'USD';
}

/** One month's money of the entity, in cents. */
export interface EntityMonthCents {
  month: string;
  payments: number;
  completed: number;
  failed: number;
  processed: number;
  fees: number;
  refunded: number;
  returned: number;
}

export interface EntityDetailsCents {
  entity: EntityRef;
  period: Period;
  properties: number;
  leases: number;
  activeLeases: number;
  tenants: number;
  /** What the entity's tenants owe now: the open charges' balances. */
  outstanding: number;
  months: EntityMonthCents[];
}

/** The company or property named, when the caller may read it. */
export async function resolveEntity(
  ctx: Pick<AppContext, 'database' | 'db'>,
  caller: ConsoleCaller,
  ref: { companyId?: string; propertyId?: string },
): Promise<EntityRef> {
  if (ref.propertyId) {
    const [row] = await query(
      ctx,
      `SELECT p.id, p.property_name AS name, p.company_id, c.country FROM properties p JOIN companies c ON c.id = p.company_id
       WHERE p.id = $1`,
      [ref.propertyId],
    );
    if (!row) throw AppError.notFound('Property');
    requireCompanyScope(caller, String(row.company_id), 'Property');
    return entityOf('property', row);
  }
  const [row] = await query(ctx, 'SELECT id, name, id AS company_id, country FROM companies WHERE id = $1', [ref.companyId]);
  if (!row) throw AppError.notFound('Company');
  requireCompanyScope(caller, String(row.company_id), 'Company');
  return entityOf('company', row);
}

function entityOf(type: EntityRef['type'], row: Record<string, unknown>): EntityRef {
  return {
    type,
    id: String(row.id),
    name: String(row.name),
    companyId: String(row.company_id),
    currency: currencyForCountry(String(row.country) as 'CA' | 'US'),
  };
}

export async function getEntityDetails(
  ctx: Pick<AppContext, 'database' | 'db'>,
  entity: EntityRef,
  period: Period,
): Promise<EntityDetailsCents> {
  // The entity's leases: the company's, or the property's.
  const leaseCond = entity.type === 'company' ? 'l.company_id = $1' : 'l.property_id = $1';
  const [counts] = await query(
    ctx,
    `SELECT (SELECT count(*) FROM properties p WHERE ${entity.type === 'company' ? 'p.company_id' : 'p.id'} = $1) AS properties,
       count(*) AS leases, count(*) FILTER (WHERE l.status = 'ACTIVE') AS active,
       count(DISTINCT l.user_id) AS tenants,
       (SELECT coalesce(sum(oc.balance), 0)::text FROM open_charges oc JOIN property_leases l2 ON l2.id = oc.billing_account_id
         WHERE ${leaseCond.replace('l.', 'l2.')} AND oc.balance > 0) AS outstanding
     FROM property_leases l WHERE ${leaseCond}`,
    [entity.id],
  );
  const params: unknown[] = [];
  const facts = await factsOf(
    ctx,
    period,
    entity.type === 'company' ? { companyId: entity.id } : { propertyId: entity.id },
    params,
  );
  const pay = `f.transaction_type = 'PAYMENT'`;
  const rows = await query(
    ctx,
    `SELECT to_char(f.month, 'YYYY-MM') AS month,
       coalesce(sum(f.n) FILTER (WHERE ${pay}), 0) AS payments,
       coalesce(sum(f.n) FILTER (WHERE ${pay} AND f.status = 'COMPLETE'), 0) AS completed,
       coalesce(sum(f.n) FILTER (WHERE ${pay} AND f.status IN ${FAILED_STATUSES}), 0) AS failed,
       coalesce(sum(f.amount) FILTER (WHERE ${pay} AND f.status = 'COMPLETE'), 0)::text AS processed,
       coalesce(sum(f.fee_amount) FILTER (WHERE ${pay} AND f.status = 'COMPLETE'), 0)::text AS fees,
       coalesce(sum(f.amount) FILTER (WHERE f.transaction_type = 'REFUND' AND f.status = 'COMPLETE'), 0)::text AS refunded,
       coalesce(sum(f.amount) FILTER (WHERE f.transaction_type = 'RETURN' AND f.status = 'COMPLETE'), 0)::text AS returned
     FROM (${facts}) f
     GROUP BY 1 ORDER BY 1`,
    params,
  );
  const byMonth = new Map(rows.map((r) => [String(r.month), r]));
  return {
    entity,
    period,
    properties: int(counts?.properties),
    leases: int(counts?.leases),
    activeLeases: int(counts?.active),
    tenants: int(counts?.tenants),
    outstanding: int(counts?.outstanding),
    // Every month of the period, zero where nothing moved (the download's rows and the chart's axis).
    months: monthsOf(period).map((month) => {
      const r = byMonth.get(month);
      return {
        month,
        payments: int(r?.payments),
        completed: int(r?.completed),
        failed: int(r?.failed),
        processed: int(r?.processed),
        fees: int(r?.fees),
        refunded: int(r?.refunded),
        returned: int(r?.returned),
      };
    }),
  };
}
