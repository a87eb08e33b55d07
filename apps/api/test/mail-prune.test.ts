// issue 25: retention — the demo inbox's old mail and spent account links go; recent ones and the outbox stay.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountTokens, mailOutbox, sandboxMailbox } from '../src/db/schema.ts';
import { runJobs } from '../src/jobs/run-jobs.ts';
import { pruneMail } from '../src/services/mail/prune.ts';
import { buildTestApp, DEMO_IDS } from './helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app?.close());

const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

it('drops sandbox mail after 30 days and links 30 days past their end; keeps the rest and the outbox', async () => {
  const mail = (id: string, createdAt: string) => ({
    id,
    messageId: `<${id}@test>`,
    fromAddress: 'a@test',
    toAddress: 'b@test',
    subject: 's',
    text: 't',
    html: 'h',
    createdAt,
  });
  await app.ctx.db.insert(sandboxMailbox).values([mail('old-mail', days(31)), mail('new-mail', days(29))]);
  const link = (id: string, expiresAt: string) => ({
    id,
    purpose: 'PASSWORD_RESET',
    userId: DEMO_IDS.tenant,
    userType: 'TYPE_CUSTOMER',
    email: 'tenant@demo.test',
    tokenHash: `hash-${id}`,
    expiresAt,
  });
  await app.ctx.db.insert(accountTokens).values([link('old-link', days(31)), link('recent-link', days(29))]);
  await app.ctx.db.insert(mailOutbox).values({
    id: 'old-outbox',
    dedupeKey: 'old-outbox',
    template: 'PASSWORD_CHANGED',
    toAddress: 'tenant@demo.test',
    status: 'SENT',
    createdAt: days(400),
  });

  expect(await pruneMail(app.ctx)).toEqual({ sandbox: 1, links: 1 });
  expect((await app.ctx.db.select({ id: sandboxMailbox.id }).from(sandboxMailbox)).map((r) => r.id)).toContain('new-mail');
  expect(await app.ctx.db.select().from(sandboxMailbox).where(eq(sandboxMailbox.id, 'old-mail'))).toHaveLength(0);
  expect((await app.ctx.db.select({ id: accountTokens.id }).from(accountTokens)).map((r) => r.id)).toEqual(['recent-link']);
  expect(await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, 'old-outbox'))).toHaveLength(1);
  // The job runs it after sending (nothing left to drop now).
  const report = await runJobs(app.ctx, { now: new Date() });
  expect(report.errors).toEqual([]);
  expect(await pruneMail(app.ctx)).toEqual({ sandbox: 0, links: 0 });
});
