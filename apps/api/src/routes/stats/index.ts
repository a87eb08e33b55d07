// The provider's statistics and KPIs (spec 2 §7 "Generic and admin": /admin/stats/{type}, processing_kpi,
// revenue_kpi/{year} and its /download, totals, entity_details and its /download; issue 24). The admin's only (a manager
// or tenant 403, no token 401), except entity_details, which is naturally a manager's too for their own company and its
// properties (another company's id: 404). Every figure is computed by SQL on the ledger, in cents.
import { Readable } from 'node:stream';
import {
  entitySchema,
  processingKpiSchema,
  recordStatsSchema,
  revenueSchema,
  STAT_TYPES,
  totalsSchema,
} from '@portal/domain/stats-shapes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { centsToDecimal, csvLine } from '../../lib/csv.ts';
import { type Lang, requestLang, translate } from '../../lib/i18n.ts';
import { requireAdmin, requireSession } from '../../plugins/auth.ts';
import { consoleCallerOf } from '../../services/search/caller.ts';
import { type EntityDetailsCents, getEntityDetails, resolveEntity } from '../../services/stats/entity-details.ts';
import { isCalendarDate, MAX_DAILY_DAYS, periodOf } from '../../services/stats/period.ts';
import { getProcessingKpi } from '../../services/stats/processing-kpi.ts';
import { getRecordStats } from '../../services/stats/record-stats.ts';
import { getRevenueCents, monthlyTotals, type RevenueCents } from '../../services/stats/revenue-kpi.ts';
import { money } from '../../services/stats/sql.ts';
import { getTotals } from '../../services/stats/totals.ts';
import { errorResponses } from '../schemas.ts';

const tags = ['stats'];
const day = z.string().refine(isCalendarDate, 'server.stats.badDate');
const idSchema = z.string().min(1).max(64);
const periodSchema = z
  .strictObject({
    from: day.optional().describe('First day (YYYY-MM-DD, UTC), included; default: the first of the month 11 months ago'),
    to: day.optional().describe('Last day (YYYY-MM-DD, UTC), included; default: today'),
    companyId: idSchema.optional().describe('One company only (default: every company)'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'server.input.periodOrder' });
const yearSchema = z
  .string()
  .regex(/^\d{4}$/, 'server.stats.badYear')
  .transform(Number)
  .refine((y) => y >= 2000 && y <= 2100, 'server.stats.badYear');
const entityQuerySchema = z
  .strictObject({
    companyId: idSchema.optional(),
    propertyId: idSchema.optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((q) => Boolean(q.companyId) !== Boolean(q.propertyId), {
    path: ['companyId'],
    message: 'server.stats.entityRequired',
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'server.input.periodOrder' });

const REVENUE_COLUMNS = [
  'month',
  'companyId',
  'company',
  'currency',
  'processingFees',
  'creditReporting',
  'applicationFees',
  'total',
] as const;
const ENTITY_COLUMNS = [
  'month',
  'currency',
  'payments',
  'completed',
  'failed',
  'processed',
  'fees',
  'refunded',
  'returned',
] as const;

const header = (lang: Lang, columns: readonly string[]) => csvLine(columns.map((c) => translate(lang, `server.stats.csv.${c}`)));

/** A CSV answer, its lines written as they are read (a header line first; amounts as exact decimals 1234.56). */
function sendCsv(reply: FastifyReply, name: string, lines: Iterable<string>) {
  return (
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      // A stream is sent as is (never serialized); the response schema only types the error envelopes.
      .send(Readable.from(lines) as never)
  );
}

const revenueMoney = <T extends Pick<RevenueCents, 'processingFees' | 'creditReporting' | 'applicationFees' | 'total'>>(
  r: T,
) => ({
  ...r,
  processingFees: money(r.processingFees),
  creditReporting: money(r.creditReporting),
  applicationFees: money(r.applicationFees),
  total: money(r.total),
});

function entityJson(d: EntityDetailsCents) {
  return {
    entity: d.entity,
    from: d.period.from,
    to: d.period.to,
    properties: d.properties,
    leases: d.leases,
    activeLeases: d.activeLeases,
    tenants: d.tenants,
    outstanding: money(d.outstanding),
    months: d.months.map((m) => ({
      month: m.month,
      payments: m.payments,
      completed: m.completed,
      failed: m.failed,
      processedAmount: money(m.processed),
      feeAmount: money(m.fees),
      refundedAmount: money(m.refunded),
      returnedAmount: money(m.returned),
    })),
  };
}

export default async function statsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    '/admin/stats/:type',
    {
      schema: {
        tags,
        summary:
          'How many tenants, leases, payments, payment methods, applications or credit-reporting subscriptions were created in a period, by status and by month or day (admin only)',
        params: z.object({
          type: z
            .string()
            .max(32)
            .transform((s) => s.toLowerCase())
            .pipe(z.enum(STAT_TYPES, { message: 'server.common.unknownType' })),
        }),
        querystring: z
          .strictObject({
            from: day.optional(),
            to: day.optional(),
            companyId: idSchema.optional(),
            interval: z.enum(['month', 'day']).default('month'),
          })
          .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'server.input.periodOrder' }),
        response: { 200: recordStatsSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireAdmin(request);
      const period = periodOf(request.query, ctx.now());
      const days = (Date.parse(period.end) - Date.parse(period.start)) / 86_400_000;
      if (request.query.interval === 'day' && days > MAX_DAILY_DAYS)
        throw AppError.onField('interval', 'server.stats.dailyTooLong', { values: { max: MAX_DAILY_DAYS } });
      return getRecordStats(ctx, {
        type: request.params.type,
        period,
        interval: request.query.interval,
        companyId: request.query.companyId ?? null,
      });
    },
  );

  app.get(
    '/admin/processing_kpi',
    {
      schema: {
        tags,
        summary:
          'Payments of a period by method type: counts, success and failure rates, amount processed, fees, refunds, bank returns, average settlement time, autopay share (admin only)',
        querystring: periodSchema,
        response: {
          200: processingKpiSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      return getProcessingKpi(ctx, {
        period: periodOf(request.query, ctx.now()),
        companyId: request.query.companyId ?? null,
      });
    },
  );

  app.get(
    '/admin/revenue_kpi/:year',
    {
      schema: {
        tags,
        summary:
          "The provider's revenue of a year per month (UTC) and company: processing fees, credit-reporting subscriptions, application fees (admin only)",
        params: z.object({ year: yearSchema }),
        querystring: z.strictObject({ companyId: idSchema.optional() }),
        response: { 200: revenueSchema, ...errorResponses },
      },
    },
    async (request) => {
      requireAdmin(request);
      const kpi = await getRevenueCents(ctx, { year: request.params.year, companyId: request.query.companyId ?? null });
      return { year: kpi.year, byCompany: kpi.rows.map(revenueMoney), monthly: monthlyTotals(kpi).map(revenueMoney) };
    },
  );

  app.get(
    '/admin/revenue_kpi/:year/download',
    {
      schema: {
        tags,
        summary:
          'The same revenue as CSV: one line per month and company, header in the caller language, amounts 1234.56 (admin only)',
        params: z.object({ year: yearSchema }),
        querystring: z.strictObject({ companyId: idSchema.optional() }),
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const lang = requestLang(request);
      const kpi = await getRevenueCents(ctx, { year: request.params.year, companyId: request.query.companyId ?? null });
      function* lines() {
        yield header(lang, REVENUE_COLUMNS);
        for (const r of kpi.rows) {
          yield csvLine([
            r.month,
            r.companyId ?? '',
            r.companyName ?? '',
            r.currency,
            centsToDecimal(r.processingFees),
            centsToDecimal(r.creditReporting),
            centsToDecimal(r.applicationFees),
            centsToDecimal(r.total),
          ]);
        }
      }
      return sendCsv(reply, `revenue-${kpi.year}.csv`, lines());
    },
  );

  app.get(
    '/admin/totals',
    {
      schema: {
        tags,
        summary:
          "The platform's headline figures now: companies, properties, leases by status, tenants, payment methods, applications, active subscriptions, all-time money per currency (admin only)",
        response: {
          200: totalsSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      return getTotals(ctx);
    },
  );

  app.get(
    '/admin/entity_details',
    {
      schema: {
        tags,
        summary:
          "One company's or property's figures over a period: leases, tenants, what is owed now, payments and money by month (the admin: any; a manager: their company's)",
        querystring: entityQuerySchema,
        response: { 200: entitySchema, ...errorResponses },
      },
    },
    async (request) => {
      const caller = consoleCallerOf(requireSession(request));
      const entity = await resolveEntity(ctx, caller, request.query);
      return entityJson(await getEntityDetails(ctx, entity, periodOf(request.query, ctx.now())));
    },
  );

  app.get(
    '/admin/entity_details/download',
    {
      schema: {
        tags,
        summary: 'The same figures as CSV: one line per month of the period, header in the caller language, amounts 1234.56',
        querystring: entityQuerySchema,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = consoleCallerOf(requireSession(request));
      const lang = requestLang(request);
      const entity = await resolveEntity(ctx, caller, request.query);
      const d = await getEntityDetails(ctx, entity, periodOf(request.query, ctx.now()));
      function* lines() {
        yield header(lang, ENTITY_COLUMNS);
        for (const m of d.months) {
          yield csvLine([
            m.month,
            entity.currency,
            String(m.payments),
            String(m.completed),
            String(m.failed),
            centsToDecimal(m.processed),
            centsToDecimal(m.fees),
            centsToDecimal(m.refunded),
            centsToDecimal(m.returned),
          ]);
        }
      }
      return sendCsv(reply, `${entity.type}-${entity.id}-${d.period.from}-${d.period.to}.csv`, lines());
    },
  );
}
