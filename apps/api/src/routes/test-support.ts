// E2E only (E2E_TEST_SUPPORT=1): put the demo data back as seeded between journeys. Never registered otherwise.

import { getTableName, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
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
}
