// Sessions that end (issue 9): every token names a server-side session; sign-out, a password change, the idle timeout,
// the absolute lifetime and the end of the admin's session end it, in this process at once and in another within 5 s.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.ts';
import { SESSION_DEFAULTS } from '../src/services/auth/sessions.ts';
import { ADMIN, auth, buildTestApp, DEMO_IDS, DEMO_PASSWORD, login, TENANT, TENANT_US } from './helpers.ts';
import { decode, movableClock, twinApp } from './session-helpers.ts';

const MIN = 60_000;
const clock = movableClock();
let app: FastifyInstance;
let twin: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  twin = await twinApp(app);
});
afterAll(async () => {
  await twin.close();
  await app.close();
});

const get = (on: FastifyInstance, url: string, token: string) => on.inject({ method: 'GET', url, headers: auth(token) });
const me = (on: FastifyInstance, token: string, id: string = DEMO_IDS.tenant) => get(on, `/api/customer/${id}`, token);
const refresh = (on: FastifyInstance, token: string, stopMimic = false) =>
  get(on, `/api/refreshtoken${stopMimic ? '?stopMimic=true' : ''}`, token);
const logout = (on: FastifyInstance, token?: string) =>
  on.inject({ method: 'POST', url: '/api/logout', headers: token ? auth(token) : {} });
const mimic = (token: string, leaseId: string) =>
  app.inject({ method: 'POST', url: '/api/admin/mimic', headers: auth(token), payload: { leaseId } });
/** The user of `token` changes their password from the demo one. */
const changePassword = (token: string, userId: string, newPassword: string) =>
  app.inject({
    method: 'POST',
    url: '/api/changepassword',
    headers: auth(token),
    payload: { userId, password: DEMO_PASSWORD, newPassword, confirmNewPassword: newPassword },
  });

function expectRefused(res: { statusCode: number; json: () => { errorCode: string; message: string } }, message?: string) {
  expect(res.statusCode).toBe(401);
  expect(['Access token expired', 'Access token invalid']).toContain(res.json().message);
  if (message) expect(res.json().message).toBe(message);
}

describe('tokens and sessions', () => {
  it('every token names a session (sid) of its user; a token without one is refused', async () => {
    const token = await login(app, TENANT);
    const { sid, sessionRole } = decode(token);
    const [row] = await app.ctx.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row).toMatchObject({ userId: sessionRole.id, userType: 'TYPE_CUSTOMER', parentId: null, revokedAt: null });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(SESSION_DEFAULTS.absoluteMs);
    // A well-signed token of the old kind (no sid) proves nothing about a live session.
    const legacy = await new SignJWT({ sessionRole })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(clock.ms / 1000))
      .setExpirationTime(Math.floor(clock.ms / 1000) + 900)
      .sign(new TextEncoder().encode(app.ctx.config.jwtSecret));
    expectRefused(await me(app, legacy), 'Access token invalid');
  });
});

describe('POST /api/logout', () => {
  it('ends the session: its token is refused at once here, and within 5 s by another API process', async () => {
    const token = await login(app, TENANT);
    expect((await me(app, token)).statusCode).toBe(200);
    expect((await me(twin, token)).statusCode).toBe(200); // the other process now has the session in its cache

    const out = await logout(app, token);
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expectRefused(await me(app, token), 'Access token invalid');
    expectRefused(await refresh(app, token), 'Access token invalid');

    clock.advance(5_000);
    expectRefused(await me(twin, token), 'Access token invalid');
    expectRefused(await refresh(twin, token));
  });

  it('is idempotent: again, with an expired token, without a token, with a forged one: 204 and nothing else ends', async () => {
    const token = await login(app, TENANT);
    const other = await login(app, TENANT);
    expect((await logout(app, token)).statusCode).toBe(204);
    expect((await logout(app, token)).statusCode).toBe(204);
    expect((await logout(app)).statusCode).toBe(204);
    expect((await logout(app, 'abc.def.ghi')).statusCode).toBe(204);
    expect((await me(app, other)).statusCode).toBe(200);
  });

  it('ends a session whose token has expired (so it cannot be refreshed by a copy issued later)', async () => {
    const token = await login(app, TENANT);
    const renewed = (await refresh(app, token)).json().access_token as string;
    clock.advance(16 * MIN);
    try {
      expect((await logout(app, token)).statusCode).toBe(204);
    } finally {
      clock.advance(-16 * MIN);
    }
    expectRefused(await me(app, renewed), 'Access token invalid');
  });

  it('is in the OpenAPI document under auth', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.paths['/api/logout'].post.tags).toEqual(['auth']);
  });
});

describe('password change', () => {
  it("ends the user's other sessions (here and in another process), keeps the current one and other users'", async () => {
    const current = await login(app, TENANT_US);
    const [other, elsewhere] = [await login(app, TENANT_US), await login(twin, TENANT_US)];
    const bystander = await login(app, TENANT);
    expect((await me(twin, elsewhere, DEMO_IDS.tenantUs)).statusCode).toBe(200);

    const res = await changePassword(current, DEMO_IDS.tenantUs, 'Better123');
    expect(res.json()).toEqual({ result: 'SUCCESS' });

    expect((await me(app, current, DEMO_IDS.tenantUs)).statusCode).toBe(200);
    expect((await refresh(app, current)).statusCode).toBe(200);
    expectRefused(await me(app, other, DEMO_IDS.tenantUs), 'Access token invalid');
    expectRefused(await refresh(app, elsewhere));
    clock.advance(5_000);
    expectRefused(await me(twin, elsewhere, DEMO_IDS.tenantUs), 'Access token invalid');
    expect((await me(app, bystander)).statusCode).toBe(200);
    // The new password signs in.
    expect((await login(app, TENANT_US, 'Better123')).length).toBeGreaterThan(20);
  });
});

describe('GET /api/refreshtoken: only a live session, within the idle timeout and the absolute lifetime', () => {
  it('refuses after the idle timeout even while the token itself is still valid', async () => {
    // A process whose idle timeout (10 min) is shorter than a token's 15 minutes: the session decides, not the token.
    const strict = await twinApp(app, { sessions: { idleMs: 10 * MIN } });
    try {
      const token = await login(strict, TENANT);
      clock.advance(9 * MIN);
      const renewed = await refresh(strict, token);
      expect(renewed.statusCode).toBe(200);
      const fresh = renewed.json().access_token as string;
      clock.advance(10 * MIN + 1_000);
      expect(decode(fresh).exp * 1000).toBeGreaterThan(clock.ms); // the token has not expired...
      expectRefused(await refresh(strict, fresh), 'Access token expired'); // ...the session has
      expectRefused(await me(strict, fresh), 'Access token expired');
    } finally {
      await strict.close();
    }
  });

  it('keeps an active session alive past many token lifetimes (each request counts as activity)', async () => {
    let token = await login(app, TENANT);
    for (let i = 0; i < 8; i++) {
      clock.advance(7 * MIN);
      expect((await me(app, token)).statusCode).toBe(200);
      clock.advance(7 * MIN);
      const res = await refresh(app, token);
      expect(res.statusCode).toBe(200);
      token = res.json().access_token;
    }
  });

  it('refuses past the absolute lifetime however active, and no token outlives its session', async () => {
    const start = clock.ms;
    const first = await login(app, TENANT);
    const end = start + SESSION_DEFAULTS.absoluteMs;
    let token = first;
    let refreshes = 0;
    while (clock.ms + 10 * MIN < end) {
      clock.advance(10 * MIN);
      const res = await refresh(app, token);
      expect(res.statusCode).toBe(200);
      token = res.json().access_token;
      refreshes++;
      expect(decode(token).exp * 1000).toBeLessThanOrEqual(end);
    }
    expect(refreshes).toBeGreaterThan(40);
    clock.advance(end - clock.ms);
    expectRefused(await refresh(app, token), 'Access token expired');
    expectRefused(await me(app, token));
  });
});

describe('mimic sessions belong to the admin session', () => {
  it('stopMimic returns to the admin session (same sid) and ends the mimic session', async () => {
    const admin = await login(app, ADMIN);
    const adminSid = decode(admin).sid;
    const res = await mimic(admin, DEMO_IDS.leaseActive);
    expect(res.statusCode).toBe(200);
    const token = res.json().access_token as string;
    const claims = decode(token);
    expect(claims.sid).not.toBe(adminSid);
    const [row] = await app.ctx.db.select().from(sessions).where(eq(sessions.id, claims.sid));
    expect(row).toMatchObject({ parentId: adminSid, userId: DEMO_IDS.tenant, mimicLeaseId: DEMO_IDS.leaseActive });

    const back = await refresh(app, token, true);
    expect(back.statusCode).toBe(200);
    const backClaims = decode(back.json().access_token);
    expect(backClaims).toMatchObject({ sid: adminSid, sessionRole: { id: DEMO_IDS.admin, type: 'TYPE_ADMIN' } });
    expect(backClaims.mimic).toBeUndefined();
    // The mimic token is over: it cannot be used again, nor turned into the admin's token a second time.
    expectRefused(await me(app, token), 'Access token invalid');
    expectRefused(await refresh(app, token, true), 'Access token invalid');
  });

  it('a mimic token refreshes into the same tenant and lease only: never into the admin or another tenant', async () => {
    const admin = await login(app, ADMIN);
    let token = (await mimic(admin, DEMO_IDS.leaseUs)).json().access_token as string;
    const sid = decode(token).sid;
    for (let i = 0; i < 3; i++) {
      clock.advance(10 * MIN);
      const res = await refresh(app, token, false);
      expect(res.statusCode).toBe(200);
      token = res.json().access_token;
      expect(decode(token)).toMatchObject({
        sid,
        sessionRole: { id: DEMO_IDS.tenantUs, type: 'TYPE_CUSTOMER' },
        mimic: { adminId: DEMO_IDS.admin, leaseId: DEMO_IDS.leaseUs },
      });
    }
    for (const r of [
      await get(app, '/api/admin/tenants', token),
      await mimic(token, DEMO_IDS.leaseActive),
      await refresh(app, token, false).then((x) => get(app, '/api/admin/tenants', x.json().access_token)),
    ]) {
      expect(r.statusCode).toBe(403);
    }
    expect((await me(app, token, DEMO_IDS.tenant)).statusCode).toBe(404);
    // Active mimicking keeps the admin session alive too: after 30 minutes, stopMimic still finds it.
    const back = await refresh(app, token, true);
    expect(back.statusCode).toBe(200);
    expect(decode(back.json().access_token).sid).toBe(decode(admin).sid);
  });

  it('signing the admin out ends the mimic session, here and in another process within 5 s', async () => {
    const admin = await login(app, ADMIN);
    const token = (await mimic(admin, DEMO_IDS.leaseActive)).json().access_token as string;
    expect((await me(app, token)).statusCode).toBe(200);
    expect((await me(twin, token)).statusCode).toBe(200);
    expect((await logout(app, admin)).statusCode).toBe(204);
    expectRefused(await me(app, token), 'Access token invalid');
    expectRefused(await refresh(app, token, true), 'Access token invalid');
    clock.advance(5_000);
    expectRefused(await me(twin, token), 'Access token invalid');
  });

  it('the mimic session ends when the admin session reaches its absolute end', async () => {
    let admin = await login(app, ADMIN);
    const adminEnd = clock.ms + SESSION_DEFAULTS.absoluteMs;
    // An admin active all day, refreshing every 14 minutes, starts a mimic session half an hour before the end.
    while (clock.ms + 14 * MIN < adminEnd - 30 * MIN) {
      clock.advance(14 * MIN);
      const res = await refresh(app, admin);
      expect(res.statusCode, res.body).toBe(200);
      admin = res.json().access_token;
    }
    const started = await mimic(admin, DEMO_IDS.leaseActive);
    expect(started.statusCode, started.body).toBe(200);
    let token = started.json().access_token as string;
    expect(decode(token).exp * 1000).toBeLessThanOrEqual(adminEnd);
    // Kept active, the mimic session renews until the admin's session ends, and its tokens never go past that end.
    while (clock.ms + 14 * MIN < adminEnd) {
      clock.advance(14 * MIN);
      const res = await refresh(app, token);
      expect(res.statusCode, res.body).toBe(200);
      token = res.json().access_token;
      expect(decode(token).exp * 1000).toBeLessThanOrEqual(adminEnd);
    }
    clock.advance(adminEnd - clock.ms);
    expectRefused(await refresh(app, token), 'Access token expired');
    expectRefused(await refresh(app, token, true), 'Access token expired');
  });

  it("a password change of the admin ends the admin's other sessions and their mimic sessions", async () => {
    const keep = await login(app, ADMIN);
    const other = await login(app, ADMIN);
    const token = (await mimic(other, DEMO_IDS.leaseActive)).json().access_token as string;
    const res = await changePassword(keep, DEMO_IDS.admin, 'Admin1234');
    expect(res.json()).toEqual({ result: 'SUCCESS' });
    expectRefused(await me(app, token), 'Access token invalid');
    expectRefused(await get(app, '/api/admin/tenants', other), 'Access token invalid');
    expect((await get(app, '/api/admin/tenants', keep)).statusCode).toBe(200);
  });
});
