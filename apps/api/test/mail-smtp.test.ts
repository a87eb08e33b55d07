// issue 25 "Real SMTP": the outbox's mail through nodemailer to a real SMTP server process started by the test
// (test/support/smtp-sink.ts: smtp-server, each message parsed by mailparser). What arrives (From, To, Subject, the text
// and HTML parts, the stable Message-ID, French intact), a temporary refusal retried after the back-off and delivered
// once, a server that is down (FAILED after MAIL_MAX_ATTEMPTS with the error shown), a refusal for good (5xx), and a
// server too slow to answer (the send gives up at its timeout).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.ts';
import { backoffMs, dispatchMail, MAIL_MAX_ATTEMPTS } from '../src/services/mail/dispatch.ts';
import { enqueueMail } from '../src/services/mail/outbox.ts';
import { createSmtpTransport, type MailTransport } from '../src/services/mail/transport.ts';
import { ADMIN, buildTestApp, login } from './helpers.ts';
import { freePort } from './server-process.ts';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink-process.ts';

const FROM = 'Rent portal <mail@rent.example>';
let app: FastifyInstance;
let clock = new Date('2026-06-01T12:00:00.000Z');
const sinks: SmtpSink[] = [];
const transports: MailTransport[] = [];
let savedFrom: string | undefined;

beforeAll(async () => {
  app = await buildTestApp();
  savedFrom = process.env.MAIL_FROM;
  process.env.MAIL_FROM = FROM;
});
afterAll(async () => {
  if (savedFrom === undefined) delete process.env.MAIL_FROM;
  else process.env.MAIL_FROM = savedFrom;
  for (const t of transports) await t.close?.();
  await Promise.all(sinks.map((s) => s.stop()));
  await app.close();
});
beforeEach(async () => {
  // Only this test's mails: the demo's own notices are not for the sink.
  await app.ctx.database.raw('DELETE FROM mail_outbox');
  clock = new Date('2026-06-01T12:00:00.000Z');
});

async function sink(env: Record<string, string> = {}) {
  const s = await startSmtpSink(env);
  sinks.push(s);
  return s;
}
function smtp(url: string, timeoutMs?: number) {
  const t = createSmtpTransport(url, { timeoutMs });
  transports.push(t);
  return t;
}
/** One pass of the dispatcher at the test's clock through `mail`. */
const dispatch = (mail: MailTransport) => dispatchMail({ ...(app.ctx as AppContext), mail, now: () => clock });

const TOKEN = 'reset-token-ABC_123';
async function queueReset(to: string, languageCode = 'en') {
  const id = await enqueueMail({ ...app.ctx, now: () => clock }, app.ctx.db, {
    template: 'PASSWORD_RESET',
    to,
    languageCode,
    params: { minutes: 60, firstName: 'Chloé', origin: 'https://portal.example' },
    dedupeKey: `smtp-test:${to}:${Math.random()}`,
    token: TOKEN,
  });
  if (!id) throw new Error('not queued');
  return id;
}
async function row(id: string) {
  const { rows } = await app.ctx.database.raw(
    `SELECT status, attempts, last_error, next_attempt_at, secret, message_id, sent_at FROM mail_outbox WHERE id = $1`,
    [id],
  );
  return rows[0] as {
    status: string;
    attempts: number;
    last_error: string | null;
    next_attempt_at: string | Date;
    secret: string | null;
    message_id: string | null;
    sent_at: string | null;
  };
}
const at = (v: string | Date) => new Date(v).getTime();

describe('a mail through a real SMTP server', () => {
  it('arrives with From, To, Subject, text and HTML, and the outbox row’s own Message-ID', async () => {
    const s = await sink();
    const id = await queueReset('chloe.tenant@example.test');
    expect(await dispatch(smtp(s.url))).toEqual({ sent: 1, failed: 0, uncertain: 0 });
    expect(s.messages).toHaveLength(1);
    const [m] = s.messages;
    expect(m.messageId).toBe(`<${id}@rent.example>`);
    expect(m.from).toBe('"Rent portal" <mail@rent.example>');
    expect(m.envelope).toEqual({ from: 'mail@rent.example', to: ['chloe.tenant@example.test'] });
    expect(m.to).toEqual(['chloe.tenant@example.test']);
    expect(m.subject).toBe('Reset your password');
    const link = `https://portal.example/reset-password/${TOKEN}`;
    expect(m.text).toContain('Chloé');
    expect(m.text).toContain(link);
    expect(m.html).toContain(`href="${link}"`);
    expect(m.html).toContain('Choose a new password');
    const r = await row(id);
    expect(r).toMatchObject({ status: 'SENT', attempts: 1, last_error: null, secret: null, message_id: m.messageId });
    // Sent is sent: another pass sends nothing.
    expect(await dispatch(smtp(s.url))).toEqual({ sent: 0, failed: 0, uncertain: 0 });
    expect(s.messages).toHaveLength(1);
  });

  it('in French: the subject and body arrive intact (UTF-8)', async () => {
    const s = await sink();
    await queueReset('chloe.fr@example.test', 'fr');
    expect((await dispatch(smtp(s.url))).sent).toBe(1);
    const [m] = s.messages;
    expect(m.subject).toBe('Réinitialisez votre mot de passe');
    expect(m.text).toContain('Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe');
    expect(m.text).toContain('Ce lien ne fonctionne qu’une fois, pendant 60 minutes.');
    expect(m.html).toContain('Choisir un nouveau mot de passe');
    expect(m.html).toContain('Chloé');
  });
});

describe('TLS', () => {
  it('a local server offering STARTTLS with a certificate nobody signed: refused, unless the URL says ?ignoreTLS=true', async () => {
    const s = await sink({ SINK_STARTTLS: '1' });
    const id = await queueReset('tls@example.test');
    expect(await dispatch(smtp(s.url))).toEqual({ sent: 0, failed: 1, uncertain: 0 });
    expect((await row(id)).last_error).toMatch(/certificate/i);
    expect(s.messages).toHaveLength(0);

    clock = new Date(clock.getTime() + backoffMs(1));
    expect(await dispatch(smtp(`${s.url}/?ignoreTLS=true`))).toEqual({ sent: 1, failed: 0, uncertain: 0 });
    expect(s.messages).toHaveLength(1);
    expect((await row(id)).status).toBe('SENT');
  });
});

describe('when the server does not take it', () => {
  it('451 twice: PENDING with the error and the back-off (1 min, then 2), then delivered exactly once', async () => {
    const s = await sink({ SINK_REFUSE_FIRST: '2' });
    const t = smtp(s.url);
    const id = await queueReset('retry@example.test');
    const t0 = clock.getTime();

    expect(await dispatch(t)).toEqual({ sent: 0, failed: 1, uncertain: 0 });
    let r = await row(id);
    expect(r.status).toBe('PENDING');
    expect(r.attempts).toBe(1);
    expect(r.last_error).toMatch(/451/);
    expect(r.secret).not.toBeNull();
    expect(at(r.next_attempt_at)).toBe(t0 + backoffMs(1));
    expect(backoffMs(1)).toBe(60_000);

    // Not before its time.
    clock = new Date(t0 + 59_000);
    expect(await dispatch(t)).toEqual({ sent: 0, failed: 0, uncertain: 0 });

    clock = new Date(t0 + 60_000);
    expect(await dispatch(t)).toEqual({ sent: 0, failed: 1, uncertain: 0 });
    r = await row(id);
    expect(r).toMatchObject({ status: 'PENDING', attempts: 2 });
    expect(at(r.next_attempt_at)).toBe(t0 + 60_000 + 120_000);

    clock = new Date(t0 + 180_000);
    expect(await dispatch(t)).toEqual({ sent: 1, failed: 0, uncertain: 0 });
    expect(s.refused).toBe(2);
    expect(s.messages).toHaveLength(1);
    expect(s.messages[0].messageId).toBe(`<${id}@rent.example>`);
    r = await row(id);
    expect(r).toMatchObject({ status: 'SENT', attempts: 3, last_error: null, secret: null });

    clock = new Date(t0 + 3_600_000);
    expect(await dispatch(t)).toEqual({ sent: 0, failed: 0, uncertain: 0 });
    expect(s.messages).toHaveLength(1);
  });

  it('a permanent refusal (550) is FAILED at once, with the server’s answer', async () => {
    const s = await sink({ SINK_REFUSE_FIRST: '1', SINK_REFUSE_CODE: '550' });
    const id = await queueReset('nobody@example.test');
    expect(await dispatch(smtp(s.url))).toEqual({ sent: 0, failed: 1, uncertain: 0 });
    const r = await row(id);
    expect(r).toMatchObject({ status: 'FAILED', attempts: 1, secret: null });
    expect(r.last_error).toMatch(/550/);
  });

  it('the server down (connection refused): retried with the back-off, FAILED after MAIL_MAX_ATTEMPTS', async () => {
    const port = await freePort(); // nothing listens there
    const t = smtp(`smtp://127.0.0.1:${port}`);
    const id = await queueReset('down@example.test');
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      expect(await dispatch(t)).toEqual({ sent: 0, failed: 1, uncertain: 0 });
      const r = await row(id);
      expect(r.attempts).toBe(attempt);
      expect(r.last_error).toMatch(/ECONNREFUSED/);
      if (attempt < MAIL_MAX_ATTEMPTS) {
        expect(r.status).toBe('PENDING');
        expect(at(r.next_attempt_at) - clock.getTime()).toBe(backoffMs(attempt));
        clock = new Date(at(r.next_attempt_at));
      } else {
        expect(r.status).toBe('FAILED');
        expect(r.secret).toBeNull();
      }
    }
    // The admin sees it failed, with the server's error (GET /mail_outbox).
    const listed = await app.inject({
      method: 'GET',
      url: '/api/mail_outbox?status=FAILED&to=down@example.test',
      headers: { authorization: `Bearer ${await login(app, ADMIN)}` },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().records).toEqual([
      expect.objectContaining({
        id,
        status: 'FAILED',
        attempts: MAIL_MAX_ATTEMPTS,
        lastError: expect.stringMatching(/ECONNREFUSED/),
      }),
    ]);
    // FAILED stays FAILED (the admin may send it again): no further attempt.
    clock = new Date(clock.getTime() + 86_400_000);
    expect(await dispatch(t)).toEqual({ sent: 0, failed: 0, uncertain: 0 });
    expect((await row(id)).attempts).toBe(MAIL_MAX_ATTEMPTS);
  });

  it('a server that had the whole mail and answers past the timeout: UNCERTAIN (sending again could double it)', async () => {
    const s = await sink({ SINK_DELAY_MS: '1500' });
    const t = smtp(s.url, 500);
    const id = await queueReset('slow@example.test');
    const started = Date.now();
    expect(await dispatch(t)).toEqual({ sent: 0, failed: 0, uncertain: 1 });
    expect(Date.now() - started).toBeLessThan(1_400);
    const r = await row(id);
    expect(r).toMatchObject({ status: 'UNCERTAIN', attempts: 1, secret: null });
    expect(r.last_error).toMatch(/whether the server took it is unknown/);
    // It did take it, late; no pass sends it again by itself (the admin may, from the outbox page).
    await expect.poll(() => s.messages.length, { timeout: 5_000 }).toBe(1);
    clock = new Date(clock.getTime() + 86_400_000);
    expect(await dispatch(t)).toEqual({ sent: 0, failed: 0, uncertain: 0 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(s.messages).toHaveLength(1);
  });

  it('a server too slow to greet: the pass ends at the timeout and the mail is due again (nothing was handed over)', async () => {
    const s = await sink({ SINK_GREETING_DELAY_MS: '20000' });
    const id = await queueReset('slow-greeting@example.test');
    const started = Date.now();
    expect(await dispatch(smtp(s.url, 500))).toEqual({ sent: 0, failed: 1, uncertain: 0 });
    expect(Date.now() - started).toBeLessThan(5_000);
    const r = await row(id);
    expect(r).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(r.last_error).toMatch(/greeting|timeout/i);
    expect(s.messages).toHaveLength(0);
  });
});
