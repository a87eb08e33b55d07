// E2E only (E2E_TEST_SUPPORT=1): put the demo data back as seeded between journeys. Never registered otherwise.

import { eq, getTableName, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as schema from '../db/schema.ts';
import { seedDemo } from '../db/seed.ts';

export default async function testSupportRoutes(app: FastifyInstance) {
  app.post('/__test/reset', { config: { public: true }, schema: { hide: true } }, async () => {
    const tables = (Object.values(schema) as unknown[])
      .filter((t): t is PgTable => t instanceof PgTable)
      .map((t) => `"${getTableName(t)}"`);
    await app.ctx.db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
    await seedDemo(app.ctx);
    return { ok: true };
  });

  // One journey's setting: partial payments allowed on a lease and its company. The seeded US lease blocks them, which
  // leaves no amount within the cash voucher's 1495 limit (spec 1 §5) for the paysafe cash journey.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/__test/allow-partial-payments',
    {
      config: { public: true },
      schema: { hide: true, body: z.object({ leaseId: z.string().min(1).max(64) }) },
    },
    async (req, reply) => {
      const [lease] = await app.ctx.db
        .update(schema.propertyLeases)
        .set({ blockPartialPayments: false })
        .where(eq(schema.propertyLeases.id, req.body.leaseId))
        .returning({ companyId: schema.propertyLeases.companyId });
      if (!lease) return reply.code(404).send({ errorCode: 'RM_ERROR_RECORD_NOT_FOUND', message: 'Lease not found' });
      if (lease.companyId) {
        await app.ctx.db
          .update(schema.companies)
          .set({ blockPartialPayments: false })
          .where(eq(schema.companies.id, lease.companyId));
      }
      return { ok: true };
    },
  );
}
