// Issue 23 "Charges" (docs/api-contract.md "Charges and credits (issue 23)"): a manager (their company's leases) or the
// provider's admin posts a one-off charge or a credit on a lease. Tenants 403, another company's lease 404.

import { toCents } from '@portal/domain/money';
import { moneyDecimalSchema } from '@portal/domain/money-schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { requireSession } from '../../plugins/auth.ts';
import { DESCRIPTION_MAX, postOneOffCharge } from '../../services/charges/post-charge.ts';
import { consoleCallerOf } from '../../services/search/caller.ts';
import { errorResponses } from '../schemas.ts';

const tags = ['charges'];

const postBody = z.object({
  leaseId: z.string().min(1).max(64),
  kind: z.enum(['CHARGE', 'CREDIT']),
  code: z.string().min(1).max(64),
  amount: moneyDecimalSchema.describe('Dollars, > 0 and at most 100000 (spec 1 §9)'),
  dueDate: z.string().max(10).nullish().describe('YYYY-MM-DD; required for a CHARGE, within two years of today'),
  description: z.string().max(DESCRIPTION_MAX).nullish(),
});

const postedSchema = z.object({
  kind: z.enum(['CHARGE', 'CREDIT']),
  leaseId: z.string(),
  openCharge: z
    .object({
      id: z.string(),
      billingAccountId: z.string(),
      code: z.string().nullable(),
      name: z.string(),
      dueDate: z.string(),
      postMonth: z.string().nullable(),
      amount: z.number(),
      balance: z.number(),
      description: z.string().nullable(),
    })
    .nullable(),
  transaction: z
    .object({
      id: z.string(),
      confirmationId: z.string().nullable(),
      transactionType: z.string(),
      status: z.string(),
      amount: z.number(),
      currency: z.string(),
      createDate: z.string(),
      charges: z.array(z.object({ code: z.string().optional(), name: z.string(), amount: z.number() })),
    })
    .nullable(),
  unappliedCredit: z.number(),
  balance: z.number(),
});

export default async function chargeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/open_charge/create',
    {
      schema: {
        tags,
        summary: "Post a one-off charge or a credit on a lease (a manager: their company's leases; the admin: all)",
        description:
          "CHARGE: a new open charge (code from the company's charge codes, or the default codes when it has none; " +
          "name from the code; amount = balance; dueDate), paid at once by the lease's unapplied credit. CREDIT: a " +
          'new COMPLETE ledger transaction (transactionType CREDIT, no processor) allocated to the open charges oldest ' +
          "first; the rest stays the lease's unapplied credit, applied to the next charges posted. Tenants 403; " +
          "another company's lease 404; bad code, amount, date or description 400 naming the field.",
        body: postBody,
        response: { 200: postedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const caller = consoleCallerOf(requireSession(request));
      const b = request.body;
      return postOneOffCharge(app.ctx, caller, actorOf(request), {
        leaseId: b.leaseId,
        kind: b.kind,
        code: b.code,
        amountCents: toCents(b.amount),
        dueDate: b.dueDate ?? null,
        description: b.description ?? null,
      });
    },
  );
}
