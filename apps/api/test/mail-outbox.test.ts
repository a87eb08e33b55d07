// issue 25 "The outbox is durable: a mail is written in the same transaction as what caused it, sent by the job with
// retries and back-off, never twice". A sender that dies mid-send (its mail UNCERTAIN, never sent again by itself), a
// transactional delivery that dies (rolled back with its mark: delivered once on the retry), two dispatchers at once
// (PGlite; PostgreSQL with TEST_DATABASE_URL: two connection pools), a notice rolled back or to an unverified address
// (no mail), MAIL_TRANSPORT=none, and the link secret (sealed in the row, wiped once the mail is settled).
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { type Database, openDatabase, rawOf } from '../src/db/client.ts';
import { notifications } from '../src/db/schema.ts';
import { createThrowawayDatabase, dropThrowawayDatabase } from '../src/db/throwaway.ts';
import { unseal } from '../src/lib/sealed.ts';
import { backoffMs, dispatchMail, SENDING_LEASE_MS } from '../src/services/mail/dispatch.ts';
import { enqueueMail, SECRET_LABEL } from '../src/services/mail/outbox.ts';
import { type MailTransport, mailTransportFromEnv, type OutgoingMail, SANDBOX_MAIL } from '../src/services/mail/transport.ts';
import { buildTestApp, DEMO_IDS } from './helpers.ts';

let app: FastifyInstance;
let clock = new Date();
const raw = (text: string, params?: unknown[]) => app.ctx.database.raw(text, params);

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await raw('DELETE FROM mail_outbox');
  await raw('DELETE FROM sandbox_mailbox');
  clock = new Date();
});

const ctxAt = (mail: MailTransport, ctx: AppContext = app.ctx) => ({ ...ctx, mail, now: () => clock });
const dispatch = (mail: MailTransport, opts: { runnerId?: string } = {}) => dispatchMail(ctxAt(mail), opts);

function capture(delay = 0) {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport = {
    name: 'test',
    async send(m) {
      if (delay) await new Promise((r) => setTimeout(r, delay));
      sent.push(m);
    },
  };
  return { sent, transport };
}

async function queue(ctx: Pick<AppContext, 'config' | 'db'> = app.ctx, extra: { token?: string; to?: string } = {}) {
  const id = await enqueueMail({ config: ctx.config, now: () => clock }, ctx.db, {
    template: extra.token ? 'PASSWORD_RESET' : 'PASSWORD_CHANGED',
    to: extra.to ?? 'outbox@example.test',
    languageCode: 'en',
    params: { minutes: 60 },
    dedupeKey: `outbox-test:${randomUUID()}`,
    token: extra.token,
  });
  if (!id) throw new Error('not queued');
  return id;
}
async function rowOf(id: string) {
  const { rows } = await raw(
    `SELECT status, attempts, secret, last_error, next_attempt_at, sent_at FROM mail_outbox WHERE id = $1`,
    [id],
  );
  return rows[0] as {
    status: string;
    attempts: number;
    secret: string | null;
    last_error: string | null;
    next_attempt_at: string | Date;
  };
}

describe('no duplicate after a crash', () => {
  it('a sender that dies after handing the mail over: UNCERTAIN at the next pass, never sent again by itself', async () => {
    const id = await queue();
    // The first sender delivers, then stops before it can mark the mail (its send never returns).
    const delivered: OutgoingMail[] = [];
    let finish: () => void = () => undefined;
    const dying: MailTransport = {
      name: 'smtp-like',
      send: async (m) => {
        delivered.push(m);
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    };
    const first = dispatch(dying);
    await expect.poll(() => delivered.length).toBe(1);
    expect((await rowOf(id)).status).toBe('SENDING');

    // Another pass while the claim is fresh leaves it alone.
    const other = capture();
    expect(await dispatch(other.transport)).toEqual({ sent: 0, failed: 0, uncertain: 0 });

    // Past the lease: whether it left is unknown, so it is UNCERTAIN (for the admin) and not sent again.
    clock = new Date(clock.getTime() + SENDING_LEASE_MS + 1000);
    expect(await dispatch(other.transport)).toEqual({ sent: 0, failed: 0, uncertain: 1 });
    const r = await rowOf(id);
    expect(r.status).toBe('UNCERTAIN');
    expect(r.last_error).toMatch(/whether it left is unknown/);
    clock = new Date(clock.getTime() + 86_400_000);
    expect(await dispatch(other.transport)).toEqual({ sent: 0, failed: 0, uncertain: 0 });
    expect(other.sent).toHaveLength(0);

    // The slow sender comes back after all: the mail did leave, so it is SENT (not uncertain any more), once.
    finish();
    expect(await first).toEqual({ sent: 1, failed: 0, uncertain: 0 });
    expect((await rowOf(id)).status).toBe('SENT');
    expect(delivered).toHaveLength(1);
  });

  it('a late failure of a sender whose mail was declared UNCERTAIN and sent again does not touch the new claim', async () => {
    const id = await queue();
    let fail: (err: Error) => void = () => undefined;
    const stuck: MailTransport = {
      name: 'smtp-like',
      send: () =>
        new Promise<void>((_, reject) => {
          fail = reject;
        }),
    };
    const first = dispatch(stuck, { runnerId: 'old' });
    await expect.poll(async () => (await rowOf(id)).status).toBe('SENDING');
    clock = new Date(clock.getTime() + SENDING_LEASE_MS + 1000);
    expect((await dispatch(capture().transport)).uncertain).toBe(1);
    // The admin sends it again (services/mail/admin-outbox.ts resend): PENDING, attempts 0, no claim.
    await raw(`UPDATE mail_outbox SET status = 'PENDING', attempts = 0, claimed_by = NULL, claimed_at = NULL WHERE id = $1`, [
      id,
    ]);
    let release: () => void = () => undefined;
    const delivered: OutgoingMail[] = [];
    const slow: MailTransport = {
      name: 'smtp-like',
      send: async (m) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        delivered.push(m);
      },
    };
    const second = dispatch(slow, { runnerId: 'new' });
    await expect.poll(async () => (await rowOf(id)).status).toBe('SENDING');
    // The old sender's connection finally breaks: its failure is not the new claim's.
    fail(new Error('connection reset'));
    expect(await first).toEqual({ sent: 0, failed: 1, uncertain: 0 });
    expect((await rowOf(id)).status).toBe('SENDING');
    release();
    expect(await second).toEqual({ sent: 1, failed: 0, uncertain: 0 });
    expect((await rowOf(id)).status).toBe('SENT');
    clock = new Date(clock.getTime() + 86_400_000);
    expect(await dispatch(slow)).toEqual({ sent: 0, failed: 0, uncertain: 0 });
    expect(delivered).toHaveLength(1);
  });

  it('a batch claimed together: a mail still waiting its turn when the claim grew old is sent once, not twice', async () => {
    const [m1, m2] = [await queue(), await queue()];
    // The first send of the batch hangs; the other waits its turn behind it.
    const delivered: string[] = [];
    let release: () => void = () => undefined;
    const slow: MailTransport = {
      name: 'smtp-like',
      send: async (m) => {
        if (delivered.length === 0)
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        delivered.push(m.outboxId);
      },
    };
    const first = dispatch(slow, { runnerId: 'slow' });
    await expect.poll(async () => [(await rowOf(m1)).status, (await rowOf(m2)).status]).toEqual(['SENDING', 'SENDING']);
    await new Promise((r) => setTimeout(r, 50));
    clock = new Date(clock.getTime() + SENDING_LEASE_MS + 1000);
    const other = capture();
    expect(await dispatch(other.transport)).toEqual({ sent: 0, failed: 0, uncertain: 2 });
    // The admin sends both again; another sender delivers them.
    await raw(`UPDATE mail_outbox SET status = 'PENDING', attempts = 0, claimed_by = NULL, claimed_at = NULL`);
    expect(await dispatch(other.transport)).toEqual({ sent: 2, failed: 0, uncertain: 0 });
    // The slow sender comes back: the mail it was sending did leave (the admin chose to send it again), but the one
    // still waiting its turn is no longer its own: not sent a second time.
    release();
    expect(await first).toEqual({ sent: 1, failed: 0, uncertain: 0 });
    expect(delivered).toHaveLength(1);
    const waiting = delivered[0] === m1 ? m2 : m1;
    expect(other.sent.filter((m) => m.outboxId === waiting)).toHaveLength(1);
    expect((await rowOf(waiting)).status).toBe('SENT');
  });

  it('a batch claimed together: the mail waiting its turn past the lease, never handed over, is sent (once) by its holder', async () => {
    const [m1, m2] = [await queue(), await queue()];
    const delivered: string[] = [];
    let release: () => void = () => undefined;
    const slow: MailTransport = {
      name: 'smtp-like',
      send: async (m) => {
        if (delivered.length === 0)
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        delivered.push(m.outboxId);
      },
    };
    const first = dispatch(slow, { runnerId: 'slow' });
    await expect.poll(async () => [(await rowOf(m1)).status, (await rowOf(m2)).status]).toEqual(['SENDING', 'SENDING']);
    await new Promise((r) => setTimeout(r, 50));
    clock = new Date(clock.getTime() + SENDING_LEASE_MS + 1000);
    expect((await dispatch(capture().transport)).uncertain).toBe(2);
    release();
    expect(await first).toEqual({ sent: 2, failed: 0, uncertain: 0 });
    expect([...delivered].sort()).toEqual([m1, m2].sort());
    expect([(await rowOf(m1)).status, (await rowOf(m2)).status]).toEqual(['SENT', 'SENT']);
  });

  it('a row left SENDING by a dead process (old claim) becomes UNCERTAIN, not sent', async () => {
    const id = await queue();
    await raw(
      `UPDATE mail_outbox SET status = 'SENDING', attempts = 1, claimed_by = 'mail-dead', claimed_at = $2 WHERE id = $1`,
      [id, new Date(clock.getTime() - SENDING_LEASE_MS - 1000).toISOString()],
    );
    const c = capture();
    expect(await dispatch(c.transport)).toEqual({ sent: 0, failed: 0, uncertain: 1 });
    expect(c.sent).toHaveLength(0);
    expect((await rowOf(id)).status).toBe('UNCERTAIN');
  });

  it('a crash after a sandbox delivery rolls the delivery back with the mark: delivered exactly once on the retry', async () => {
    const id = await queue();
    const crashing: MailTransport = {
      name: 'sandbox',
      transactional: true,
      async send(m, executor) {
        await SANDBOX_MAIL.send(m, executor);
        throw new Error('the process stopped');
      },
    };
    expect(await dispatch(crashing)).toEqual({ sent: 0, failed: 1, uncertain: 0 });
    const inbox = () => raw(`SELECT id FROM sandbox_mailbox WHERE outbox_id = $1`, [id]).then((r) => r.rows.length);
    expect(await inbox()).toBe(0);
    const r = await rowOf(id);
    expect(r.status).toBe('PENDING');
    expect(new Date(r.next_attempt_at).getTime()).toBe(clock.getTime() + backoffMs(1));

    clock = new Date(clock.getTime() + backoffMs(1));
    expect(await dispatch(SANDBOX_MAIL)).toEqual({ sent: 1, failed: 0, uncertain: 0 });
    expect(await dispatch(SANDBOX_MAIL)).toEqual({ sent: 0, failed: 0, uncertain: 0 });
    expect(await inbox()).toBe(1);
    expect((await rowOf(id)).status).toBe('SENT');
  });

  it('a sandbox sender that died inside its transaction: nothing was delivered, so the mail is due again (once)', async () => {
    const id = await queue({ ...app.ctx }, { token: 'died-token' });
    await raw(
      `UPDATE mail_outbox SET status = 'SENDING', attempts = 1, claimed_by = 'tx:mail-dead', claimed_at = $2 WHERE id = $1`,
      [id, new Date(clock.getTime() - SENDING_LEASE_MS - 1000).toISOString()],
    );
    expect(await dispatch(SANDBOX_MAIL)).toEqual({ sent: 1, failed: 0, uncertain: 0 });
    const { rows } = await raw(`SELECT text FROM sandbox_mailbox WHERE outbox_id = $1`, [id]);
    expect(rows).toHaveLength(1);
    expect(String(rows[0].text)).toContain('/reset-password/died-token');
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 2, secret: null });
  });
});

describe('two dispatchers at once', () => {
  it('on one database (PGlite: two passes at once) never send a mail twice', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, () => queue()));
    const c = capture(2);
    const [a, b] = await Promise.all([dispatch(c.transport, { runnerId: 'a' }), dispatch(c.transport, { runnerId: 'b' })]);
    expect(a.sent + b.sent).toBe(30);
    expect(c.sent.map((m) => m.outboxId).sort()).toEqual([...ids].sort());
    // And with the sandbox inbox (transactional) at once: one inbox row per mail.
    const more = await Promise.all(Array.from({ length: 20 }, () => queue()));
    const [c1, c2] = await Promise.all([dispatch(SANDBOX_MAIL), dispatch(SANDBOX_MAIL)]);
    expect(c1.sent + c2.sent).toBe(20);
    const { rows } = await raw(`SELECT outbox_id, count(*)::int AS n FROM sandbox_mailbox GROUP BY outbox_id`);
    expect(rows.map((r) => r.outbox_id).sort()).toEqual([...more].sort());
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('two dispatchers on one PostgreSQL (two connection pools)', () => {
  const MAILS = 200;
  let dbUrl: string;
  const dbs: Database[] = [];
  let config: AppConfig;

  beforeAll(async () => {
    dbUrl = await createThrowawayDatabase(serverUrl as string, 'portal_mail');
    const dir = mkdtempSync(join(tmpdir(), 'portal-mail-'));
    config = {
      port: 0,
      host: '127.0.0.1',
      dataDir: dir,
      jwtSecret: 'test-secret-test-secret-test-secret',
      storageDir: join(dir, 'files'),
      authorizeRateLimit: { max: 1000, timeWindowMs: 60_000 },
      logLevel: 'silent',
    };
    for (let i = 0; i < 2; i++) dbs.push(await openDatabase({ databaseUrl: dbUrl }));
  }, 60_000);
  afterAll(async () => {
    for (const d of dbs) await d.close();
    if (dbUrl) await dropThrowawayDatabase(serverUrl as string, dbUrl);
  });

  const ctxOf = (d: Database, mail: MailTransport) => ({ db: d.db, config, mail, now: () => clock });

  it('split the mails and send each once (a plain transport and the sandbox inbox)', { timeout: 60_000 }, async () => {
    for (let i = 0; i < MAILS; i++) await queue({ db: dbs[0].db, config });
    const c = capture(1);
    const [a, b] = await Promise.all([
      dispatchMail(ctxOf(dbs[0], c.transport), { runnerId: 'pg-a' }),
      dispatchMail(ctxOf(dbs[1], c.transport), { runnerId: 'pg-b' }),
    ]);
    expect(a.sent + b.sent).toBe(MAILS);
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    expect(new Set(c.sent.map((m) => m.outboxId)).size).toBe(MAILS);
    expect(c.sent).toHaveLength(MAILS);

    for (let i = 0; i < MAILS; i++) await queue({ db: dbs[1].db, config });
    const [s1, s2] = await Promise.all([
      dispatchMail(ctxOf(dbs[0], SANDBOX_MAIL), { runnerId: 'pg-c' }),
      dispatchMail(ctxOf(dbs[1], SANDBOX_MAIL), { runnerId: 'pg-d' }),
    ]);
    expect(s1.sent + s2.sent).toBe(MAILS);
    const { rows } = await dbs[0].raw(`SELECT count(*)::int AS n, count(DISTINCT outbox_id)::int AS d FROM sandbox_mailbox`);
    expect(rows[0]).toEqual({ n: MAILS, d: MAILS });
    const { rows: left } = await dbs[0].raw(`SELECT status, count(*)::int AS n FROM mail_outbox GROUP BY status`);
    expect(left).toEqual([{ status: 'SENT', n: 2 * MAILS }]);
  });
});

describe('what is queued', () => {
  const notice = (userId: string) => ({
    userId,
    userType: 'TYPE_CUSTOMER',
    kind: 'SIGN_IN_THROTTLED',
    params: {},
    dedupeKey: `outbox-notice:${randomUUID()}`,
  });
  const mailsOfNotice = (id: string) =>
    raw(`SELECT to_address FROM mail_outbox WHERE notification_id = $1`, [id]).then((r) => r.rows);

  it('a notice queues its mail in its own transaction: rolled back, no mail', async () => {
    await raw(`UPDATE customers SET email_verified_at = now() WHERE id = $1`, [DEMO_IDS.tenant]);
    let noticeId = '';
    await expect(
      app.ctx.db.transaction(async (tx) => {
        const [n] = await tx.insert(notifications).values(notice(DEMO_IDS.tenant)).returning({ id: notifications.id });
        noticeId = n.id;
        // Inside the transaction the mail is there…
        const inside = await rawOf(tx)(`SELECT count(*)::int AS n FROM mail_outbox WHERE notification_id = $1`, [n.id]);
        expect(inside.rows[0].n).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // …and gone with it.
    expect(await mailsOfNotice(noticeId)).toEqual([]);
    const { rows } = await raw(`SELECT count(*)::int AS n FROM mail_outbox`);
    expect(rows[0].n).toBe(0);

    // Committed: one mail, to the tenant's address.
    const [kept] = await app.ctx.db.insert(notifications).values(notice(DEMO_IDS.tenant)).returning({ id: notifications.id });
    expect(await mailsOfNotice(kept.id)).toEqual([{ to_address: 'tenant@demo.test' }]);
  });

  it('the notice of a customer whose address is not verified queues no mail', async () => {
    await raw(`UPDATE customers SET email_verified_at = NULL WHERE id = $1`, [DEMO_IDS.tenant]);
    try {
      const [n] = await app.ctx.db.insert(notifications).values(notice(DEMO_IDS.tenant)).returning({ id: notifications.id });
      expect(await mailsOfNotice(n.id)).toEqual([]);
      // The notice itself is there (shown in the portal), only its mail is not.
      const { rows } = await raw(`SELECT id FROM notifications WHERE id = $1`, [n.id]);
      expect(rows).toHaveLength(1);
    } finally {
      await raw(`UPDATE customers SET email_verified_at = now() WHERE id = $1`, [DEMO_IDS.tenant]);
    }
  });

  it('MAIL_TRANSPORT=none claims nothing: the mail stays PENDING, untouched', async () => {
    const id = await queue();
    const none = mailTransportFromEnv({ MAIL_TRANSPORT: 'none' });
    expect(none.name).toBe('none');
    expect(await dispatch(none)).toEqual({ sent: 0, failed: 0, uncertain: 0 });
    const { rows } = await raw(`SELECT status, attempts, claimed_by FROM mail_outbox WHERE id = $1`, [id]);
    expect(rows[0]).toEqual({ status: 'PENDING', attempts: 0, claimed_by: null });
  });
});

describe('the link secret', () => {
  const TOKEN = 'raw-link-token-Zq9x_secret-value';
  const rowText = (id: string) =>
    raw(`SELECT row_to_json(m)::text AS j FROM mail_outbox m WHERE id = $1`, [id]).then((r) => String(r.rows[0].j));

  it('is sealed in the row (the raw token never stored) and wiped once SENT', async () => {
    const id = await queue(app.ctx, { token: TOKEN });
    expect(await rowText(id)).not.toContain(TOKEN);
    const sealed = (await rowOf(id)).secret;
    expect(sealed).toBeTruthy();
    expect(unseal(app.ctx.config.jwtSecret, SECRET_LABEL, sealed as string)).toBe(TOKEN);

    const c = capture();
    expect((await dispatch(c.transport)).sent).toBe(1);
    expect(c.sent[0].text).toContain(`/reset-password/${TOKEN}`);
    expect((await rowOf(id)).secret).toBeNull();
    expect(await rowText(id)).not.toContain(TOKEN);
  });

  it('is wiped once FAILED (a refusal for good, or the last attempt)', async () => {
    const refusing: MailTransport = {
      name: 'test',
      send: async () => {
        throw Object.assign(new Error('550 no such mailbox'), { responseCode: 550 });
      },
    };
    const id = await queue(app.ctx, { token: TOKEN });
    expect(await dispatch(refusing)).toEqual({ sent: 0, failed: 1, uncertain: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'FAILED', secret: null });

    const down: MailTransport = {
      name: 'test',
      send: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const id2 = await queue(app.ctx, { token: TOKEN });
    await raw(`UPDATE mail_outbox SET attempts = 5 WHERE id = $1`, [id2]);
    expect(await dispatch(down)).toEqual({ sent: 0, failed: 1, uncertain: 0 });
    expect(await rowOf(id2)).toMatchObject({ status: 'FAILED', attempts: 6, secret: null });
    expect(await rowText(id2)).not.toContain(TOKEN);
  });
});
