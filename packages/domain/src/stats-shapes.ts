// The admin's statistics and KPI answers (issue 24, docs/api-contract.md "Statistics and KPIs"), one definition for the
// API that builds them (its response schemas, hence the OpenAPI document) and the web screen that reads them.
import { z } from 'zod';

/** The kinds of records GET /admin/stats/{type} counts. */
export const STAT_TYPES = ['tenants', 'leases', 'payments', 'payment_methods', 'applications', 'subscriptions'] as const;
export type StatType = (typeof STAT_TYPES)[number];

export const countSchema = z.object({ status: z.string(), count: z.number() });
export const recordStatsSchema = z.object({
  type: z.enum(STAT_TYPES),
  from: z.string(),
  to: z.string(),
  interval: z.enum(['month', 'day']),
  companyId: z.string().nullable(),
  total: z.number(),
  byStatus: z.array(countSchema),
  series: z.array(z.object({ period: z.string(), status: z.string(), count: z.number() })),
});
export const figuresSchema = z.object({
  currency: z.string(),
  payments: z.number(),
  completed: z.number(),
  failed: z.number(),
  pending: z.number(),
  successRate: z.number().nullable().describe('completed / (completed + failed), 0..1'),
  failureRate: z.number().nullable(),
  processedAmount: z.number(),
  feeAmount: z.number(),
  refundedAmount: z.number(),
  returns: z.number(),
  averageSettlementSeconds: z.number().nullable(),
  autopayPayments: z.number(),
  autopayShare: z.number().nullable().describe('autopay payments / payments, 0..1'),
});
const revenueFields = {
  month: z.string(),
  currency: z.string(),
  processingFees: z.number(),
  creditReporting: z.number(),
  applicationFees: z.number(),
  total: z.number(),
};
export const revenueSchema = z.object({
  year: z.number(),
  byCompany: z.array(z.object({ ...revenueFields, companyId: z.string().nullable(), companyName: z.string().nullable() })),
  monthly: z.array(z.object(revenueFields)),
});
export const entitySchema = z.object({
  entity: z.object({
    type: z.enum(['company', 'property']),
    id: z.string(),
    name: z.string(),
    companyId: z.string(),
    currency: z.enum(['CAD', 'USD']),
  }),
  from: z.string(),
  to: z.string(),
  properties: z.number(),
  leases: z.number(),
  activeLeases: z.number(),
  tenants: z.number(),
  outstanding: z.number(),
  months: z.array(
    z.object({
      month: z.string(),
      payments: z.number(),
      completed: z.number(),
      failed: z.number(),
      processedAmount: z.number(),
      feeAmount: z.number(),
      refundedAmount: z.number(),
      returnedAmount: z.number(),
    }),
  ),
});

export const processingKpiSchema = z.object({
  from: z.string(),
  to: z.string(),
  companyId: z.string().nullable(),
  byMethod: z.array(figuresSchema.extend({ paymentMethodType: z.string() })),
  totals: z.array(figuresSchema),
});
export const totalsSchema = z.object({
  companies: z.number(),
  properties: z.number(),
  leases: z.number(),
  leasesByStatus: z.array(countSchema),
  tenants: z.number(),
  paymentMethods: z.number(),
  applications: z.number(),
  activeSubscriptions: z.number(),
  money: z.array(
    z.object({
      currency: z.string(),
      completedPayments: z.number(),
      processedAmount: z.number(),
      feeAmount: z.number(),
      refundedAmount: z.number(),
    }),
  ),
});

export type RecordStats = z.infer<typeof recordStatsSchema>;
export type KpiFigures = z.infer<typeof figuresSchema>;
export type ProcessingKpi = z.infer<typeof processingKpiSchema>;
export type RevenueKpi = z.infer<typeof revenueSchema>;
export type RevenueMonth = RevenueKpi['monthly'][number];
export type Totals = z.infer<typeof totalsSchema>;
export type EntityDetails = z.infer<typeof entitySchema>;
