// issue 25: the server's own mail sender (services/mail/mailer.ts). A reset link arrives in seconds: wake() after the
// mail is queued sends it at once; its passes never overlap however often it is woken or its timer fires; stop()
// waits for a pass under way (the server closes the database only after it), and a stopped mailer sends nothing.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.ts';
import { type Mailer, startMailer } from '../src/services/mail/mailer.ts';
import { enqueueMail } from '../src/services/mail/outbox.ts';
import type { MailTransport, OutgoingMail } from '../src/services/mail/transport.ts';
import { buildTestApp } from './helpers.ts';

let app: FastifyInstance;
const mailers: Mailer[] = [];
const logs: string[] = [];

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  for (const m of mailers) await m.stop();
  await app.close();
});
beforeEach(async () => {
  await app.ctx.database.raw('DELETE FROM mail_outbox');
});

function start(mail: MailTransport, everyMs = 60_000) {
  const ctx: AppContext = { ...(app.ctx as AppContext), mail };
  const m = startMailer(ctx, { everyMs, log: (msg) => void logs.push(msg) });
  mailers.push(m);
  return m;
}
const queue = () =>
  enqueueMail(app.ctx, app.ctx.db, {
    template: 'PASSWORD_CHANGED',
    to: 'mailer@example.test',
    languageCode: 'en',
    params: {},
    dedupeKey: `mailer-test:${randomUUID()}`,
  });
const statusOf = async (id: string | null) =>
  (await app.ctx.database.raw('SELECT status FROM mail_outbox WHERE id = $1', [id])).rows[0]?.status;

describe('the server’s mailer', () => {
  it('wake() after a mail is queued sends it within a second', async () => {
    const sent: OutgoingMail[] = [];
    const mailer = start({ name: 'test', send: async (m) => void sent.push(m) });
    const id = await queue();
    const started = Date.now();
    mailer.wake();
    await expect.poll(() => sent.length, { timeout: 1000, interval: 10 }).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(sent[0].outboxId).toBe(id);
    await expect.poll(() => statusOf(id), { timeout: 1000, interval: 10 }).toBe('SENT');
    await mailer.stop();
  });

  it('mail nobody woke it for is found by its glance; a glance with nothing due runs no pass', async () => {
    const sent: OutgoingMail[] = [];
    let passes = 0;
    const ctx: AppContext = { ...(app.ctx as AppContext), mail: { name: 'test', send: async (m) => void sent.push(m) } };
    const mailer = startMailer(ctx, {
      everyMs: 60_000,
      glanceMs: 100,
      log: () => undefined,
      onPass: () => {
        passes += 1;
      },
    });
    mailers.push(mailer);
    // Nothing due: glances only.
    await new Promise((r) => setTimeout(r, 600));
    expect(passes).toBe(0);
    // A mail queued without wake() (as a payment's notice is): the next glance sends it.
    const id = await queue();
    await expect.poll(() => sent.length, { timeout: 1500, interval: 10 }).toBe(1);
    expect(sent[0].outboxId).toBe(id);
    expect(passes).toBe(1);
    await new Promise((r) => setTimeout(r, 400));
    expect(passes).toBe(1);
    await mailer.stop();
  });

  it('never runs two passes at once, however often woken (its timer firing too); each mail once', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const sent: string[] = [];
    const mailer = start(
      {
        name: 'test',
        async send(m) {
          inFlight += 1;
          maxInFlight = Math.max(maxInFlight, inFlight);
          await new Promise((r) => setTimeout(r, 30));
          sent.push(m.outboxId);
          inFlight -= 1;
        },
      },
      15,
    );
    // Mails keep coming while passes run: an overlapping pass would claim the newcomers and send alongside.
    const ids: (string | null)[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(await queue());
      mailer.wake();
      await new Promise((r) => setTimeout(r, 12));
    }
    await expect.poll(() => sent.length, { timeout: 5000, interval: 20 }).toBe(12);
    await mailer.stop();
    expect(maxInFlight).toBe(1);
    expect([...sent].sort()).toEqual([...ids].sort());
  });

  it('stop() waits for the pass under way; a stopped mailer sends nothing', async () => {
    let release: () => void = () => undefined;
    const sent: string[] = [];
    const mailer = start({
      name: 'test',
      send: async (m) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        sent.push(m.outboxId);
      },
    });
    const id = await queue();
    mailer.wake();
    await expect.poll(() => statusOf(id), { timeout: 1000, interval: 10 }).toBe('SENDING');
    let stopped = false;
    const stopping = mailer.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(stopped).toBe(false);
    release();
    await stopping;
    // The pass had ended (the mail marked) when stop() resolved.
    expect(sent).toEqual([id]);
    expect(await statusOf(id)).toBe('SENT');

    const later = await queue();
    mailer.wake();
    await new Promise((r) => setTimeout(r, 200));
    expect(await statusOf(later)).toBe('PENDING');
  });
});
