// issue 25: forgotten password and e-mail verification, end to end through the outbox and the sandbox inbox
// (docs/api-contract.md "Accounts and mail (issue 25)").
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, customers, mailOutbox, sandboxMailbox, sessions } from '../src/db/schema.ts';
import { SIGNUP_DEMO_PAGES } from '../src/db/seed-signup.ts';
import { dispatchMail } from '../src/services/mail/dispatch.ts';
import { auth, buildTestApp, DEMO_IDS, DEMO_PASSWORD, login, TENANT } from './helpers.ts';

let app: FastifyInstance;
let clock = new Date();
const now = () => new Date(clock.getTime());

beforeAll(async () => {
  app = await buildTestApp({ now });
});
afterAll(async () => app?.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '198.51.100.7',
) => app.inject({ method, url, payload: body as object, headers, remoteAddress });

/** The newest mail in the sandbox inbox to an address, after the outbox has been sent. */
async function lastMail(to: string) {
  await dispatchMail(app.ctx);
  const [m] = await app.ctx.db
    .select()
    .from(sandboxMailbox)
    .where(eq(sandboxMailbox.toAddress, to.toLowerCase()))
    .orderBy(desc(sandboxMailbox.createdAt))
    .limit(1);
  return m;
}
const linkIn = (text: string, path: string) => {
  const m = new RegExp(`https?://\\S+/${path}/([A-Za-z0-9_-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in:\n${text}`);
  return m[1];
};
let address = 0;
/** Each request from its own address unless said: the per-address limit is tested on its own. */
const forgot = (email: string, ip = `198.51.100.${++address}`) => call('POST', '/api/password/forgot', { email }, {}, ip);

describe('forgotten password', () => {
  it('answers a known and an unknown e-mail alike (status, body, time) and mails only the known one', async () => {
    const before = await app.ctx.db.select().from(mailOutbox);
    const t0 = performance.now();
    const known = await forgot(TENANT);
    const t1 = performance.now();
    const unknown = await forgot('nobody.here@example.com');
    const t2 = performance.now();
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    // Both at least the floor (400 ms): the known e-mail's writes hide under it.
    expect(t1 - t0).toBeGreaterThanOrEqual(395);
    expect(t2 - t1).toBeGreaterThanOrEqual(395);
    const after = await app.ctx.db.select().from(mailOutbox);
    const added = after.filter((m) => !before.some((b) => b.id === m.id));
    expect(added.map((m) => [m.template, m.toAddress])).toEqual([['PASSWORD_RESET', TENANT]]);
    // The token is stored hashed and sealed, never in the clear.
    const mail = await lastMail(TENANT);
    const token = linkIn(mail.text, 'reset-password');
    expect(JSON.stringify(after)).not.toContain(token);
    const [row] = await app.ctx.db.select().from(accountTokens).where(eq(accountTokens.userId, DEMO_IDS.tenant));
    expect(row.tokenHash).not.toContain(token);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.html).toContain(`/reset-password/${token}`);
  });

  it('the link sets a new password (spec rules), ends every other session, signs in, and works once', async () => {
    const other = await login(app, TENANT);
    expect((await call('GET', `/api/customer/${DEMO_IDS.tenant}`, undefined, auth(other))).statusCode).toBe(200);
    await forgot(TENANT);
    const token = linkIn((await lastMail(TENANT)).text, 'reset-password');

    const info = await call('GET', `/api/password/reset/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json().email).toBe('t•••@demo.test');

    const weak = await call('POST', '/api/password/reset', { token, newPassword: 'short', confirmNewPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ errorCode: 'RM_ERROR_PASSWORD_COMPLEXITY' });
    expect(weak.json().fieldErrors[0].field).toBe('newPassword');
    const mismatch = await call('POST', '/api/password/reset', {
      token,
      newPassword: 'Better1234',
      confirmNewPassword: 'Better12345',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors[0]).toMatchObject({ field: 'confirmNewPassword', message: 'Passwords do not match' });

    const ok = await call('POST', '/api/password/reset', { token, newPassword: 'Better1234', confirmNewPassword: 'Better1234' });
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json().access_token as string;
    expect((await call('GET', `/api/customer/${DEMO_IDS.tenant}`, undefined, auth(fresh))).statusCode).toBe(200);
    // The session signed in before the reset is over.
    expect((await call('GET', `/api/customer/${DEMO_IDS.tenant}`, undefined, auth(other))).statusCode).toBe(401);
    const live = await app.ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, DEMO_IDS.tenant)));
    expect(live.filter((s) => !s.revokedAt)).toHaveLength(1);
    // Old password refused, new one works.
    await expect(login(app, TENANT)).rejects.toThrow(/401/);
    await login(app, TENANT, 'Better1234');
    // The account's address is told.
    expect((await lastMail(TENANT)).subject).toBe('Your password was changed');

    // Reused: the one invalid answer, in the caller's language.
    const again = await call('POST', '/api/password/reset', { token, newPassword: 'Other1234', confirmNewPassword: 'Other1234' });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ errorCode: 'RM_ERROR_LINK_INVALID' });
    const fr = await call('GET', `/api/password/reset/${token}`, undefined, { 'accept-language': 'fr' });
    expect(fr.statusCode).toBe(410);
    expect(fr.json().message).toMatch(/expiré/);
    // Put the demo password back for the tests below.
    await forgot(TENANT);
    const back = linkIn((await lastMail(TENANT)).text, 'reset-password');
    const reset = await call('POST', '/api/password/reset', {
      token: back,
      newPassword: DEMO_PASSWORD,
      confirmNewPassword: DEMO_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
  });

  it('an expired link and a replaced link are refused; unknown tokens too', async () => {
    await forgot('manager@demo.test');
    const first = linkIn((await lastMail('manager@demo.test')).text, 'reset-password');
    await forgot('manager@demo.test');
    const second = linkIn((await lastMail('manager@demo.test')).text, 'reset-password');
    expect(second).not.toBe(first);
    expect((await call('GET', `/api/password/reset/${first}`)).statusCode).toBe(410);
    expect((await call('GET', `/api/password/reset/${second}`)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 61 * 60_000);
    try {
      expect((await call('GET', `/api/password/reset/${second}`)).statusCode).toBe(410);
      const late = await call('POST', '/api/password/reset', {
        token: second,
        newPassword: 'Late12345',
        confirmNewPassword: 'Late12345',
      });
      expect(late.statusCode).toBe(410);
    } finally {
      clock = new Date(clock.getTime() - 61 * 60_000);
    }
    expect((await call('GET', `/api/password/reset/${'x'.repeat(43)}`)).statusCode).toBe(410);
    expect((await call('GET', '/api/password/reset/short')).statusCode).toBe(410);
  });

  it('sends at most 3 links an hour to one account, silently (same 202)', async () => {
    const email = 'tenant.us@demo.test';
    const count = async () =>
      (await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).filter(
        (m) => m.template === 'PASSWORD_RESET',
      ).length;
    const before = await count();
    for (let i = 0; i < 4; i++) {
      expect((await forgot(email)).statusCode).toBe(202);
    }
    expect((await count()) - before).toBe(3);
  });

  it('a malformed e-mail is a 400 naming the field; too many requests from one address a 429', async () => {
    const bad = await forgot('not-an-email');
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().fieldErrors[0].field).toBe('email');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await forgot('x@example.com', '203.0.113.99')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
    const fr = await call(
      'POST',
      '/api/password/forgot',
      { email: 'x@example.com' },
      { 'accept-language': 'fr' },
      '203.0.113.99',
    );
    expect(fr.statusCode).toBe(429);
    expect(fr.headers['retry-after']).toBeDefined();
    expect(fr.json()).toMatchObject({
      errorCode: 'RM_ERROR_TOO_MANY_REQUESTS',
      message: expect.stringMatching(/Trop de demandes/),
    });
  });

  it('a Google account without a password is told to sign in with Google', async () => {
    await app.ctx.db
      .update(customers)
      .set({ accountType: 'TYPE_GOOGLE_OAUTH_ACCOUNT', passwordHash: null })
      .where(eq(customers.id, DEMO_IDS.tenantUs));
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    try {
      await forgot('tenant.us@demo.test');
      const mail = await lastMail('tenant.us@demo.test');
      expect(mail.subject).toBe('How to sign in to your account');
      expect(mail.text).toContain('Sign in with Google');
      expect(mail.text).not.toContain('/reset-password/');
    } finally {
      clock = new Date(clock.getTime() - 2 * 3_600_000);
    }
  });
});

describe('e-mail verification', () => {
  it('a new address is pending until its link is followed; the old one is kept and told; receipts go to the verified one', async () => {
    const token = await login(app, TENANT);
    const patch = await call(
      'PATCH',
      `/api/customer/${DEMO_IDS.tenant}/update`,
      { email: 'camille.new@example.com' },
      auth(token),
    );
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ email: TENANT, pendingEmail: 'camille.new@example.com', emailVerified: true });
    const got = await call('GET', `/api/customer/${DEMO_IDS.tenant}`, undefined, auth(token));
    expect(got.json().pendingEmail).toBe('camille.new@example.com');
    const [row] = await app.ctx.db.select().from(customers).where(eq(customers.id, DEMO_IDS.tenant));
    expect(row.email).toBe(TENANT);
    expect((await lastMail(TENANT)).subject).toBe('A change of e-mail address was requested');
    const verifyMail = await lastMail('camille.new@example.com');
    expect(verifyMail.subject).toBe('Confirm your e-mail address');
    const link = linkIn(verifyMail.text, 'verify-email');

    // Before the link: a notice still goes to the old, verified address.
    // Follow the link: the address changes, verified, the old one is told.
    const verified = await call('POST', '/api/email/verify', { token: link });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email: 'camille.new@example.com', verified: true });
    const after = await call('GET', `/api/customer/${DEMO_IDS.tenant}`, undefined, auth(token));
    expect(after.json()).toMatchObject({ email: 'camille.new@example.com', pendingEmail: null, emailVerified: true });
    expect((await lastMail(TENANT)).subject).toBe('Your e-mail address was changed');
    expect((await call('POST', '/api/email/verify', { token: link })).statusCode).toBe(410);
    // Back to the demo address for the other tests (the same way).
    await call('PATCH', `/api/customer/${DEMO_IDS.tenant}/update`, { email: TENANT }, auth(token));
    const back = linkIn((await lastMail(TENANT)).text, 'verify-email');
    expect((await call('POST', '/api/email/verify', { token: back })).statusCode).toBe(200);
  });

  it('a pending change can be cancelled (its link dies) and resent; nothing to verify answers 409', async () => {
    const token = await login(app, TENANT);
    await call('PATCH', `/api/customer/${DEMO_IDS.tenant}/update`, { email: 'camille.other@example.com' }, auth(token));
    const first = linkIn((await lastMail('camille.other@example.com')).text, 'verify-email');
    const resent = await call('POST', `/api/customer/${DEMO_IDS.tenant}/email/resend`, {}, auth(token));
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({ result: 'SENT', email: 'camille.other@example.com' });
    const second = linkIn((await lastMail('camille.other@example.com')).text, 'verify-email');
    expect((await call('POST', '/api/email/verify', { token: first })).statusCode).toBe(410);
    const cancelled = await call('POST', `/api/customer/${DEMO_IDS.tenant}/email/cancel`, {}, auth(token));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ email: TENANT, pendingEmail: null });
    expect((await call('POST', '/api/email/verify', { token: second })).statusCode).toBe(410);
    const nothing = await call('POST', `/api/customer/${DEMO_IDS.tenant}/email/resend`, {}, auth(token));
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().errorCode).toBe('RM_ERROR_NOTHING_TO_VERIFY');
    // Another tenant's id answers 404.
    expect((await call('POST', `/api/customer/${DEMO_IDS.tenantUs}/email/resend`, {}, auth(token))).statusCode).toBe(404);
    expect((await call('POST', `/api/customer/${DEMO_IDS.tenant}/email/resend`)).statusCode).toBe(401);
  });

  it('an address another account took meanwhile is refused at verification (409), the old one kept', async () => {
    const token = await login(app, TENANT);
    await call('PATCH', `/api/customer/${DEMO_IDS.tenant}/update`, { email: 'race@example.com' }, auth(token));
    const link = linkIn((await lastMail('race@example.com')).text, 'verify-email');
    await app.ctx.db.update(customers).set({ email: 'race@example.com' }).where(eq(customers.id, DEMO_IDS.tenantUs));
    try {
      const res = await call('POST', '/api/email/verify', { token: link });
      expect(res.statusCode).toBe(409);
      const [row] = await app.ctx.db.select().from(customers).where(eq(customers.id, DEMO_IDS.tenant));
      expect(row.email).toBe(TENANT);
    } finally {
      await app.ctx.db.update(customers).set({ email: 'tenant.us@demo.test' }).where(eq(customers.id, DEMO_IDS.tenantUs));
      await call('POST', `/api/customer/${DEMO_IDS.tenant}/email/cancel`, {}, auth(token));
    }
  });

  it('a self sign-up gets a verification link; unverified, its notices are not e-mailed; verified, they are', async () => {
    const email = `new.${Date.now()}@example.com`;
    const signup = await call('POST', '/api/signup', {
      email,
      password: 'Signup1234',
      confirmPassword: 'Signup1234',
      firstName: 'Nadia',
      lastName: 'Okafor',
      phone: '+16045550177',
      languageCode: 'fr',
      originType: 'TYPE_ON_BOARDING_PAGE',
      pageName: SIGNUP_DEMO_PAGES.autoApproval,
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const token = signup.json().access_token as string;
    const [c] = await app.ctx.db.select().from(customers).where(eq(customers.email, email));
    expect(c.emailVerifiedAt).toBeNull();
    const me = await call('GET', `/api/customer/${c.id}`, undefined, auth(token));
    expect(me.json()).toMatchObject({ emailVerified: false, pendingEmail: null });
    const mail = await lastMail(email);
    expect(mail.subject).toBe('Confirmez votre adresse courriel');
    const link = linkIn(mail.text, 'verify-email');

    // A notice to the unverified tenant: in the portal, not by e-mail.
    const notice = async (key: string) => {
      const { insertNotification } = await import('../src/services/notifications/notify.ts');
      await insertNotification(app.ctx.db, {
        userId: c.id,
        billingAccountId: null,
        kind: 'SIGN_IN_THROTTLED',
        params: {},
        dedupeKey: key,
        createdAt: now(),
      });
    };
    await notice(`test-unverified-${c.id}`);
    expect(await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.userId, c.id))).toHaveLength(1); // the link only
    expect((await call('POST', '/api/email/verify', { token: link })).statusCode).toBe(200);
    expect((await call('GET', `/api/customer/${c.id}`, undefined, auth(token))).json().emailVerified).toBe(true);
    await notice(`test-verified-${c.id}`);
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.userId, c.id));
    expect(mails.map((m) => m.template).sort()).toEqual(['EMAIL_VERIFY', 'NOTICE']);
  });
});

describe('links that must die', () => {
  it('a password change, and a confirmed change of address, void the reset links sent before', async () => {
    // Past the hour of the links sent above (3 an hour per account).
    clock = new Date(clock.getTime() + 3 * 3_600_000);
    try {
      await forgot(TENANT);
      const beforeChange = linkIn((await lastMail(TENANT)).text, 'reset-password');
      const token = await login(app, TENANT);
      const change = (password: string, newPassword: string) =>
        call(
          'POST',
          '/api/changepassword',
          { userId: DEMO_IDS.tenant, password, newPassword, confirmNewPassword: newPassword },
          auth(token),
        );
      expect((await change(DEMO_PASSWORD, 'Changed1234')).statusCode).toBe(200);
      expect((await call('GET', `/api/password/reset/${beforeChange}`)).statusCode).toBe(410);
      expect((await change('Changed1234', DEMO_PASSWORD)).statusCode).toBe(200);

      await forgot(TENANT);
      const beforeMove = linkIn((await lastMail(TENANT)).text, 'reset-password');
      expect((await call('GET', `/api/password/reset/${beforeMove}`)).statusCode).toBe(200);
      await call('PATCH', `/api/customer/${DEMO_IDS.tenant}/update`, { email: 'camille.moved@example.com' }, auth(token));
      // Pending only: the old address's link still works until the new address is confirmed.
      expect((await call('GET', `/api/password/reset/${beforeMove}`)).statusCode).toBe(200);
      const verify = linkIn((await lastMail('camille.moved@example.com')).text, 'verify-email');
      expect((await call('POST', '/api/email/verify', { token: verify })).statusCode).toBe(200);
      expect((await call('GET', `/api/password/reset/${beforeMove}`)).statusCode).toBe(410);
      // Back to the demo address.
      await call('PATCH', `/api/customer/${DEMO_IDS.tenant}/update`, { email: TENANT }, auth(token));
      const back = linkIn((await lastMail(TENANT)).text, 'verify-email');
      expect((await call('POST', '/api/email/verify', { token: back })).statusCode).toBe(200);
    } finally {
      clock = new Date(clock.getTime() - 3 * 3_600_000);
    }
  });
});
