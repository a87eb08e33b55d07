// issue 25 "Real SMTP": the sandbox inbox (GET /sandbox/mail, /sandbox/mail/{id}). It holds reset links, so it is open
// to anyone only with the public flag (the demo), else to the admin only; with SMTP there is no inbox (404).
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxMailbox } from '../src/db/schema.ts';
import { dispatchMail } from '../src/services/mail/dispatch.ts';
import { enqueueMail } from '../src/services/mail/outbox.ts';
import type { MailTransport } from '../src/services/mail/transport.ts';
import { auth, login, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let admin: string;
let tenant: string;
let manager: string;
let defaultTransport: MailTransport | undefined;

const PAGED = 'paged-inbox@example.test';

beforeAll(async () => {
  ({ app, admin, tenant } = await signedInApp());
  manager = await login(app, 'manager@demo.test');
  defaultTransport = app.ctx.mail;
  // 25 mails to one address, a second apart (the newest last), and one to another address.
  const base = Date.parse('2026-03-01T12:00:00.000Z');
  await app.ctx.db.insert(sandboxMailbox).values([
    ...Array.from({ length: 25 }, (_, i) => ({
      messageId: `<paged-${i}@portal.localhost>`,
      fromAddress: 'Tenant portal <no-reply@portal.localhost>',
      toAddress: PAGED,
      subject: `Paged mail ${i + 1}`,
      text: `Body ${i + 1}`,
      html: `<p>Body ${i + 1}</p>`,
      createdAt: new Date(base + i * 1000).toISOString(),
    })),
    {
      messageId: '<other@portal.localhost>',
      fromAddress: 'Tenant portal <no-reply@portal.localhost>',
      toAddress: 'someone-else@example.test',
      subject: 'Not for the paged address',
      text: 'Other',
      html: '<p>Other</p>',
      createdAt: new Date(base).toISOString(),
    },
  ]);
});

afterAll(async () => {
  await app.close();
});

afterEach(() => {
  app.ctx.config.mailboxPublic = undefined;
  app.ctx.mail = defaultTransport;
});

const list = (query: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/sandbox/mail${query}`, headers });

describe('who may read the sandbox inbox', () => {
  it('without the public flag: the admin only (no token 401, a bad token 401, a manager or tenant 403)', async () => {
    const anonymous = await list(`?to=${PAGED}`);
    expect(anonymous.statusCode).toBe(401);
    // Not 'Access token invalid', which the web client takes for an ended session (it would sign out).
    expect(anonymous.json()).toMatchObject({
      errorCode: 'RM_ERROR_UNAUTHORIZED',
      message: 'The sandbox inbox is for administrators: sign in as one to read it.',
    });
    expect((await list(`?to=${PAGED}`, { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    expect((await list(`?to=${PAGED}`, auth(tenant))).statusCode).toBe(403);
    expect((await list(`?to=${PAGED}`, auth(manager))).statusCode).toBe(403);
    const ok = await list(`?to=${PAGED}`, auth(admin));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().total).toBe(25);

    const id = ok.json().records[0].id as string;
    const one = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/api/sandbox/mail/${id}`, headers });
    expect((await one()).statusCode).toBe(401);
    expect((await one(auth(tenant))).statusCode).toBe(403);
    expect((await one(auth(manager))).statusCode).toBe(403);
    expect((await one(auth(admin))).statusCode).toBe(200);
  });

  it('a reset link never shows without the flag, even to a signed-in tenant', async () => {
    const res = await list('', auth(tenant));
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Body');
    expect(res.body).not.toContain(PAGED);
  });

  it('with the public flag (the demo): anyone reads it, without a token', async () => {
    app.ctx.config.mailboxPublic = true;
    const res = await list(`?to=${PAGED}`);
    expect(res.statusCode).toBe(200);
    const id = res.json().records[0].id as string;
    const one = await app.inject({ method: 'GET', url: `/api/sandbox/mail/${id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id, to: PAGED, subject: 'Paged mail 25', text: 'Body 25', html: '<p>Body 25</p>' });
  });

  it('with SMTP there is no sandbox inbox: 404 to everyone, public flag or not', async () => {
    app.ctx.mail = { name: 'smtp', send: async () => {} };
    expect((await list('', auth(admin))).statusCode).toBe(404);
    app.ctx.config.mailboxPublic = true;
    const res = await list('');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This server sends real e-mail: there is no sandbox inbox.');
    expect((await app.inject({ method: 'GET', url: '/api/sandbox/mail/anything' })).statusCode).toBe(404);
  });
});

describe('the inbox list', () => {
  it('is newest first, 20 a page, with the total', async () => {
    const first = (await list(`?to=${PAGED}`, auth(admin))).json();
    expect(first).toMatchObject({ total: 25, page: 1 });
    expect(first.records).toHaveLength(20);
    expect(first.records[0]).toEqual({
      id: expect.any(String),
      to: PAGED,
      from: 'Tenant portal <no-reply@portal.localhost>',
      subject: 'Paged mail 25',
      createdAt: '2026-03-01T12:00:24.000Z',
    });
    expect(first.records[19].subject).toBe('Paged mail 6');
    const second = (await list(`?to=${PAGED}&page=2`, auth(admin))).json();
    expect(second.page).toBe(2);
    expect(second.records.map((r: { subject: string }) => r.subject)).toEqual([
      'Paged mail 5',
      'Paged mail 4',
      'Paged mail 3',
      'Paged mail 2',
      'Paged mail 1',
    ]);
  });

  it('matches the recipient whatever its case, and only that recipient', async () => {
    const res = (await list(`?to=${encodeURIComponent('  Paged-INBOX@Example.Test ')}`, auth(admin))).json();
    expect(res.total).toBe(25);
    expect(res.records.every((r: { to: string }) => r.to === PAGED)).toBe(true);
    const none = (await list('?to=nobody@example.test', auth(admin))).json();
    expect(none).toEqual({ records: [], total: 0, page: 1 });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const page = await list('?page=0', auth(admin));
    expect(page.statusCode).toBe(400);
    expect(page.json().fieldErrors[0].field).toBe('page');
    const to = await list(`?to=${'a'.repeat(400)}`, auth(admin));
    expect(to.statusCode).toBe(400);
    expect(to.json().fieldErrors[0].field).toBe('to');
  });

  it('answers 404 for an unknown mail', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/sandbox/mail/no-such-mail', headers: auth(admin) });
    expect(res.statusCode).toBe(404);
  });
});

describe('a mail the portal sends without SMTP', () => {
  it('lands in the inbox with its link, under the lower-cased address', async () => {
    await app.ctx.db.transaction((tx) =>
      enqueueMail(app.ctx, tx, {
        template: 'PASSWORD_RESET',
        to: 'Reset.Me@Example.Test',
        languageCode: 'en',
        params: {},
        dedupeKey: 'mail-inbox-test-reset',
        token: 'inbox-test-token-123',
      }),
    );
    const sent = await dispatchMail(app.ctx);
    expect(sent.sent).toBeGreaterThanOrEqual(1);
    const found = (await list('?to=reset.me@example.test', auth(admin))).json();
    expect(found.total).toBe(1);
    const mail = (
      await app.inject({ method: 'GET', url: `/api/sandbox/mail/${found.records[0].id}`, headers: auth(admin) })
    ).json();
    expect(mail.to).toBe('reset.me@example.test');
    expect(mail.text).toContain('inbox-test-token-123');
    expect(mail.html).toContain('inbox-test-token-123');
  });
});
