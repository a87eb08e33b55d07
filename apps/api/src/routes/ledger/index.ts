// The console's money calls (issue 23 "Money"): the ledger of a lease or property (page, totals, CSV) and refunds of a
// completed payment. Managers are scoped to their company (another company's ids: 404), the admin sees all, a tenant 403.
import { Readable } from 'node:stream';
import { paymentResultSchema } from '@portal/domain/payment-shapes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvField } from '../../lib/csv.ts';
import { requestLang, translate } from '../../lib/i18n.ts';
import { requireSession } from '../../plugins/auth.ts';
import {
  LEDGER_TYPES,
  ledgerProperties,
  resolveLedgerScope,
  searchLedger,
  streamLedger,
} from '../../services/ledger/ledger-search.ts';
import { idempotencyKeyOf, localizeStoredError, runIdempotent } from '../../services/payments/idempotency.ts';
import { refundPayment } from '../../services/payments/refund-payment.ts';
import { simulateBankReturn } from '../../services/payments/returned-payments.ts';
import { consoleCallerOf } from '../../services/search/caller.ts';
import { declinedSchema } from '../payments/idempotent-route.ts';
import { errorResponses, idParams } from '../schemas.ts';

const tags = ['ledger'];
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const filterSchema = z.strictObject({
  propertyId: z.string().min(1).max(64).optional(),
  leaseId: z.string().min(1).max(64).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  types: z.array(z.enum(LEDGER_TYPES)).max(LEDGER_TYPES.length).optional(),
  status: z.string().min(1).max(32).optional(),
});
const searchBodySchema = filterSchema.extend({
  page: z.number().int().min(1).max(100_000).default(1),
  recordsPerPage: z.number().int().min(1).max(400).default(50),
});
// The download's query string: types as a comma list (?types=PAYMENT,REFUND).
const downloadQuerySchema = filterSchema.extend({
  types: z
    .string()
    .max(200)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.enum(LEDGER_TYPES)))
    .optional(),
});

const ledgerRowSchema = z.object({
  id: z.string(),
  leaseId: z.string(),
  unit: z.string().nullable(),
  date: z.string(),
  type: z.string(),
  status: z.string(),
  amount: z.number(),
  signedAmount: z.number(),
  runningBalance: z.number(),
  description: z.string(),
  code: z.string().nullable(),
  confirmationId: z.string().nullable(),
  parentTransactionId: z.string().nullable(),
  paymentMethodType: z.string().nullable(),
  refundable: z.number(),
});
const ledgerPageSchema = z.object({
  records: z.array(ledgerRowSchema),
  page: z.number(),
  totalPages: z.number(),
  totalRecords: z.number(),
  currency: z.enum(['CAD', 'USD']),
  totals: z.object({ charged: z.number(), paid: z.number(), refunded: z.number(), balance: z.number() }),
});

const refundBodySchema = z.strictObject({
  amount: z.number().int().min(1).max(100_000_000).describe('Cents to refund: at most what is still refundable'),
  reason: z.string().trim().min(1).max(500).describe('Required: spec 2 §6, refunds are requested in writing'),
});
const refundHeaders = z
  .object({ 'idempotency-key': z.string().describe('Required: 1..255 visible ASCII characters, unique per refund') })
  .partial();

const CSV_COLUMNS = ['date', 'lease', 'unit', 'type', 'status', 'description', 'confirmation', 'amount', 'balance'] as const;

export default async function ledgerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ledger/properties',
    {
      schema: {
        tags,
        summary: "The properties whose ledger the caller may read (a manager: their company's; the admin: all, 1000 at most)",
        response: {
          200: z.object({
            records: z.array(z.object({ id: z.string(), propertyName: z.string(), city: z.string(), companyId: z.string() })),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({ records: await ledgerProperties(app.ctx, consoleCallerOf(requireSession(request))) }),
  );

  app.post(
    '/ledger/search',
    {
      schema: {
        tags,
        summary: "A lease's or property's ledger: charges and transactions in date order, running balance per lease, totals",
        body: searchBodySchema,
        response: { 200: ledgerPageSchema, ...errorResponses },
      },
    },
    async (request) => searchLedger(app.ctx, consoleCallerOf(requireSession(request)), request.body),
  );

  app.get(
    '/ledger/download',
    {
      schema: {
        tags,
        summary: 'The same ledger as CSV (every row; header in the caller language; amounts 1234.56; ISO dates), streamed',
        querystring: downloadQuerySchema,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = consoleCallerOf(requireSession(request));
      const filter = request.query;
      const scope = await resolveLedgerScope(app.ctx, caller, filter);
      const lang = requestLang(request);
      const header = CSV_COLUMNS.map((c) => csvField(translate(lang, `server.ledger.csv.${c}`))).join(',');
      const rows = streamLedger(app.ctx, scope, filter);
      async function* lines() {
        yield `${header}\r\n`;
        for await (const r of rows) {
          yield `${[
            r.date.slice(0, 10),
            r.leaseId,
            r.unit ?? '',
            r.type,
            r.status,
            r.description,
            r.confirmationId ?? '',
            r.signedAmount.toFixed(2),
            r.runningBalance.toFixed(2),
          ]
            .map(csvField)
            .join(',')}\r\n`;
        }
      }
      const name = `ledger-${scope.leaseIds}-${scope.id}.csv`;
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          // A stream is sent as is (never serialized); the response schema only types the error envelopes.
          .send(Readable.from(lines()) as never)
      );
    },
  );

  app.post(
    '/payment_transaction/:id/refund',
    {
      schema: {
        tags,
        summary: 'Refund a COMPLETE payment in full or in part (Idempotency-Key required; a written reason required)',
        params: idParams,
        headers: refundHeaders,
        body: refundBodySchema,
        response: { 200: paymentResultSchema, 402: declinedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = consoleCallerOf(requireSession(request));
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const lang = requestLang(request);
      const scope = `refund:${request.params.id}`;
      const answer = await runIdempotent(app.ctx, { userId: caller.id, key, scope, body: request.body }, async () => ({
        statusCode: 200,
        body: await refundPayment(app.ctx, {
          caller,
          transactionId: request.params.id,
          amountCents: request.body.amount,
          reason: request.body.reason,
          idempotencyKey: key,
          lang,
        }),
      }));
      if (answer.statusCode >= 400) return reply.code(answer.statusCode).send(localizeStoredError(lang, answer.body) as never);
      return reply.code(answer.statusCode).send(answer.body as never);
    },
  );

  app.post(
    '/sandbox/processor/return',
    {
      schema: {
        tags: ['sandbox'],
        summary:
          'Sandbox processor only: the bank sends back a settled bank payment (return code R01 …); the job then handles it',
        body: z.strictObject({
          transactionId: z.string().min(1).max(64),
          code: z
            .string()
            .regex(/^R\d{2}$/, 'A bank return code: R and two digits (R01 non-sufficient funds)')
            .default('R01'),
        }),
        response: {
          200: z.object({ transactionId: z.string(), chargeId: z.string(), returnCode: z.string(), returnedAt: z.string() }),
          ...errorResponses,
        },
      },
    },
    async (request) => simulateBankReturn(app.ctx, consoleCallerOf(requireSession(request)), request.body),
  );
}
