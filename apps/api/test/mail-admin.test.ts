// issue 25 "a failure is visible to the admin": GET /mail_outbox (by status, counts, never a mail's params or secret)
// and POST /mail_outbox/{id}/resend (a FAILED or UNCERTAIN mail queued again, audited; a dead single-use link refused).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailOutbox } from '../src/db/schema.ts';
import { dispatchMail } from '../src/services/mail/dispatch.ts';
import type { OutgoingMail } from '../src/services/mail/transport.ts';
import { auth, login, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let admin: string;
let tenant: string;
let manager: string;

const SECRET = 'SEALED-LINK-SECRET-do-not-show';
const PARAM_SECRET = 'PARAM-VALUE-do-not-show';
const ids: Record<string, string> = {};

async function addMail(key: string, values: Partial<typeof mailOutbox.$inferInsert>): Promise<string> {
  const [row] = await app.ctx.db
    .insert(mailOutbox)
    .values({
      dedupeKey: `mail-admin-test:${key}`,
      template: 'NOTICE',
      toAddress: `${key}@outbox-test.example`,
      params: { name: PARAM_SECRET },
      status: 'FAILED',
      attempts: 6,
      lastError: `SMTP refused ${key}`,
      createdAt: '2026-03-01T12:00:00.000Z',
      ...values,
    })
    .returning({ id: mailOutbox.id });
  ids[key] = row.id;
  return row.id;
}

beforeAll(async () => {
  ({ app, admin, tenant } = await signedInApp());
  manager = await login(app, 'manager@demo.test');
  await addMail('failed-changed', { template: 'PASSWORD_CHANGED', createdAt: '2026-03-01T12:00:05.000Z' });
  await addMail('uncertain-notice', { status: 'UNCERTAIN', attempts: 1, createdAt: '2026-03-01T12:00:04.000Z' });
  await addMail('failed-reset', { template: 'PASSWORD_RESET', secret: null, createdAt: '2026-03-01T12:00:03.000Z' });
  await addMail('uncertain-verify-kept', {
    template: 'EMAIL_VERIFY',
    status: 'UNCERTAIN',
    secret: SECRET,
    createdAt: '2026-03-01T12:00:02.000Z',
  });
  await addMail('sent-notice', {
    status: 'SENT',
    attempts: 1,
    lastError: null,
    sentAt: '2026-03-01T12:00:10.000Z',
    createdAt: '2026-03-01T12:00:01.000Z',
  });
  await addMail('pending-invite', {
    template: 'LEASE_INVITATION',
    status: 'PENDING',
    attempts: 0,
    secret: SECRET,
    lastError: null,
    // Not due during this file: the dispatch pass below must leave it PENDING.
    nextAttemptAt: '2099-01-01T00:00:00.000Z',
    createdAt: '2026-03-01T12:00:00.000Z',
  });
});

afterAll(async () => {
  await app.close();
});

const outbox = (query: string, token?: string) =>
  app.inject({ method: 'GET', url: `/api/mail_outbox${query}`, headers: token ? auth(token) : {} });
const resend = (id: string, token?: string, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: `/api/mail_outbox/${id}/resend`,
    headers: { ...(token ? auth(token) : {}), 'accept-language': lang },
  });

describe('GET /mail_outbox', () => {
  it("is the admin's: no token 401, a tenant or a manager 403", async () => {
    expect((await outbox('')).statusCode).toBe(401);
    expect((await outbox('', tenant)).statusCode).toBe(403);
    expect((await outbox('', manager)).statusCode).toBe(403);
    expect((await outbox('', admin)).statusCode).toBe(200);
  });

  it('answers the records with their last error, attempts and times, and the counts of every status', async () => {
    const res = (await outbox('?to=outbox-test.example', admin)).json();
    expect(res.total).toBe(6);
    expect(res.sandboxInbox).toBe(true);
    expect(res.records.map((r: { toAddress: string }) => r.toAddress.split('@')[0])).toEqual([
      'failed-changed',
      'uncertain-notice',
      'failed-reset',
      'uncertain-verify-kept',
      'sent-notice',
      'pending-invite',
    ]);
    expect(res.records[0]).toEqual({
      id: ids['failed-changed'],
      template: 'PASSWORD_CHANGED',
      toAddress: 'failed-changed@outbox-test.example',
      languageCode: 'en',
      status: 'FAILED',
      attempts: 6,
      nextAttemptAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      lastError: 'SMTP refused failed-changed',
      sentAt: null,
      createdAt: '2026-03-01T12:00:05.000Z',
      canResend: true,
    });
    expect(res.records.find((r: { id: string }) => r.id === ids['failed-reset']).canResend).toBe(false);
    expect(res.records.find((r: { id: string }) => r.id === ids['uncertain-verify-kept']).canResend).toBe(true);
    expect(res.records.find((r: { id: string }) => r.id === ids['sent-notice']).sentAt).toBe('2026-03-01T12:00:10.000Z');
    // Counts are the whole outbox's (the seed's mails too), at least ours.
    expect(Object.keys(res.counts).sort()).toEqual(['FAILED', 'PENDING', 'SENDING', 'SENT', 'UNCERTAIN']);
    expect(res.counts.FAILED).toBeGreaterThanOrEqual(2);
    expect(res.counts.UNCERTAIN).toBeGreaterThanOrEqual(2);
    expect(res.counts.SENT).toBeGreaterThanOrEqual(1);
    expect(res.counts.PENDING).toBeGreaterThanOrEqual(1);
  });

  it("never answers a mail's parameters nor its link secret", async () => {
    const res = await outbox('?to=outbox-test.example', admin);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain(PARAM_SECRET);
    expect(res.body).not.toContain('"params"');
    expect(res.body).not.toContain('"secret"');
  });

  it('filters by status (one or several) and by a part of the address, case-insensitive', async () => {
    const problems = (await outbox('?status=FAILED,UNCERTAIN&to=OUTBOX-TEST', admin)).json();
    expect(problems.records.map((r: { status: string }) => r.status).sort()).toEqual([
      'FAILED',
      'FAILED',
      'UNCERTAIN',
      'UNCERTAIN',
    ]);
    const one = (await outbox('?status=sent&to=sent-notice@', admin)).json();
    expect(one.records.map((r: { id: string }) => r.id)).toEqual([ids['sent-notice']]);
  });

  it('pages by 20', async () => {
    const many = Array.from({ length: 23 }, (_, i) => ({
      dedupeKey: `mail-admin-test:page-${i}`,
      template: 'NOTICE',
      toAddress: `page-${i}@paging-test.example`,
      status: 'SENT',
      createdAt: new Date(Date.parse('2026-02-01T00:00:00.000Z') + i * 1000).toISOString(),
    }));
    await app.ctx.db.insert(mailOutbox).values(many);
    const first = (await outbox('?to=paging-test.example', admin)).json();
    expect(first).toMatchObject({ total: 23, page: 1 });
    expect(first.records).toHaveLength(20);
    expect(first.records[0].toAddress).toBe('page-22@paging-test.example');
    const second = (await outbox('?to=paging-test.example&page=2', admin)).json();
    expect(second.records.map((r: { toAddress: string }) => r.toAddress)).toEqual([
      'page-2@paging-test.example',
      'page-1@paging-test.example',
      'page-0@paging-test.example',
    ]);
  });

  it('refuses an unknown status or page with a 400 naming the field', async () => {
    const status = await outbox('?status=LOST', admin);
    expect(status.statusCode).toBe(400);
    expect(status.json().fieldErrors[0].field).toBe('status');
    const page = await outbox('?page=-1', admin);
    expect(page.statusCode).toBe(400);
    expect(page.json().fieldErrors[0].field).toBe('page');
  });
});

describe('POST /mail_outbox/{id}/resend', () => {
  it("is the admin's: no token 401, a tenant or a manager 403 (and the mail stays as it was)", async () => {
    expect((await resend(ids['failed-changed'])).statusCode).toBe(401);
    expect((await resend(ids['failed-changed'], tenant)).statusCode).toBe(403);
    expect((await resend(ids['failed-changed'], manager)).statusCode).toBe(403);
    const [row] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, ids['failed-changed']));
    expect(row.status).toBe('FAILED');
  });

  it('puts a FAILED mail back in the queue, due now with no attempts, audited; the next pass sends it', async () => {
    const before = Date.now();
    const res = await resend(ids['failed-changed'], admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids['failed-changed'], status: 'PENDING', attempts: 0, canResend: false });
    expect(Date.parse(res.json().nextAttemptAt)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(res.json().nextAttemptAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.body).not.toContain(PARAM_SECRET);

    const audits = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordType, 'MAIL_OUTBOX'), eq(auditEvents.recordId, ids['failed-changed'])));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'MAIL_RESEND',
      actorType: 'TYPE_ADMIN',
      changes: { status: { from: 'FAILED', to: 'PENDING' }, attempts: { from: 6, to: 0 } },
    });

    const mails: OutgoingMail[] = [];
    const saved = app.ctx.mail;
    app.ctx.mail = { name: 'test', send: async (m) => void mails.push(m) };
    try {
      await dispatchMail(app.ctx);
    } finally {
      app.ctx.mail = saved;
    }
    expect(mails.map((m) => m.to)).toContain('failed-changed@outbox-test.example');
    const [row] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, ids['failed-changed']));
    expect(row.status).toBe('SENT');
  });

  it('queues an UNCERTAIN mail again, a single-use link still kept too', async () => {
    expect((await resend(ids['uncertain-notice'], admin)).json()).toMatchObject({ status: 'PENDING', attempts: 0 });
    const kept = await resend(ids['uncertain-verify-kept'], admin);
    expect(kept.statusCode).toBe(200);
    expect(kept.body).not.toContain(SECRET);
  });

  it("refuses a mail whose single-use link was wiped: 409 in the caller's language", async () => {
    const en = await resend(ids['failed-reset'], admin);
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe(
      'This mail carried a single-use link that is no longer kept: ask the person to request a new one.',
    );
    const fr = await resend(ids['failed-reset'], admin, 'fr');
    expect(fr.statusCode).toBe(409);
    expect(fr.json().message).toBe(
      'Ce courriel contenait un lien à usage unique qui n’est plus conservé\u202f: demandez à la personne d’en demander un nouveau.',
    );
    const [row] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, ids['failed-reset']));
    expect(row).toMatchObject({ status: 'FAILED', attempts: 6 });
  });

  it('refuses a SENT or PENDING mail (409) and an unknown id (404)', async () => {
    const sent = await resend(ids['sent-notice'], admin);
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe('Only a failed or uncertain mail can be sent again (this one is SENT).');
    expect((await resend(ids['pending-invite'], admin)).statusCode).toBe(409);
    expect((await resend('no-such-mail', admin)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the outbox and inbox calls under their tags', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.paths['/api/mail_outbox'].get.tags).toEqual(['mail']);
    expect(doc.paths['/api/mail_outbox/{id}/resend'].post.tags).toEqual(['mail']);
    expect(doc.paths['/api/sandbox/mail'].get.tags).toEqual(['sandbox']);
    expect(doc.paths['/api/sandbox/mail/{id}'].get.tags).toEqual(['sandbox']);
  });
});
