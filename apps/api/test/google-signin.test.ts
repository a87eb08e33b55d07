// issue 24 "Access for Google accounts" (spec 2 §7 /authorizeoauth, spec 1 §6 TYPE_GOOGLE_OAUTH_ACCOUNT): the whole
// authorization code flow (PKCE, state, nonce) against the portal's sandbox issuer (oidc-provider), driven by fetch
// through the issuer's own sign-in form: a new Google account, finding it again by sub, linking an existing tenant by a
// verified e-mail only, and the refusals (state mismatch, no flow cookie, unverified e-mail, a staff address, denied).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, oidcIdentities } from '../src/db/schema.ts';
import { auth, buildTestApp, DEMO_PASSWORD, login, TENANT } from './helpers.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/** The issuer's cookies, as a browser would keep them (one origin). */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Starts at the portal, signs in at the sandbox issuer as `loginName`, and stops at the portal's callback URL. */
async function throughIssuer(loginName: string, next?: string) {
  const start = await app.inject({
    method: 'GET',
    url: `/api/authorizeoauth?lang=en${next ? `&next=${encodeURIComponent(next)}` : ''}`,
  });
  expect(start.statusCode).toBe(302);
  const flowCookie = String(start.headers['set-cookie']).split(';')[0];
  expect(flowCookie).toMatch(/^portal_oidc=./);
  expect(String(start.headers['set-cookie'])).toContain('HttpOnly');
  const authUrl = new URL(String(start.headers.location));
  expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authUrl.searchParams.get('state')).toBeTruthy();
  expect(authUrl.searchParams.get('nonce')).toBeTruthy();

  const jar = new Jar();
  let url = authUrl.href;
  for (let hop = 0; hop < 10; hop++) {
    if (url.includes('/api/authorizeoauth/callback')) return { callback: new URL(url), flowCookie };
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') ?? '', url).href;
      continue;
    }
    // The issuer's sign-in form (oidc-provider's devInteractions): any password.
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    expect(action, html.slice(0, 500)).toBeTruthy();
    const post = await fetch(new URL(action as string, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login: loginName, password: 'anything' }).toString(),
    });
    jar.take(post);
    url = new URL(post.headers.get('location') ?? '', url).href;
  }
  throw new Error('the issuer never sent the browser back');
}

const callback = (url: URL, cookie?: string) =>
  app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });

function tokenOf(location: string): string {
  const m = /#access_token=([^&]+)$/.exec(location);
  expect(m, location).toBeTruthy();
  return decodeURIComponent((m as RegExpExecArray)[1]);
}

describe('sign-in with Google through the sandbox issuer', () => {
  it('a new Google account: a TYPE_GOOGLE_OAUTH_ACCOUNT tenant without password or security section, found again by sub', async () => {
    const { callback: cb, flowCookie } = await throughIssuer('new.googler@demo.test', '/customer/dashboard');
    const done = await callback(cb, flowCookie);
    expect(done.statusCode).toBe(303);
    const location = String(done.headers.location);
    expect(location.startsWith('/signin?next=%2Fcustomer%2Fdashboard#access_token=')).toBe(true);
    // The flow cookie is spent.
    expect(String(done.headers['set-cookie'])).toContain('Max-Age=0');
    const token = tokenOf(location);

    const [row] = await app.ctx.db.select().from(customers).where(eq(customers.email, 'new.googler@demo.test'));
    expect(row).toMatchObject({
      accountType: 'TYPE_GOOGLE_OAUTH_ACCOUNT',
      passwordHash: null,
      firstName: 'New',
      lastName: 'Googler',
    });
    const me = await app.inject({ method: 'GET', url: `/api/customer/${row.id}`, headers: auth(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ accountType: 'TYPE_GOOGLE_OAUTH_ACCOUNT', securitySettingsVisible: false });
    // The terms modal saves the birth date first: a profile without a phone must take it (texts off until a number).
    const birth = await app.inject({
      method: 'PATCH',
      url: `/api/customer/${row.id}/update`,
      headers: auth(token),
      payload: { birthDate: '1992-05-14' },
    });
    expect(birth.statusCode, birth.body).toBe(200);

    // No password sign-in for such an account.
    const byPassword = await app.inject({
      method: 'GET',
      url: '/api/authorize',
      headers: { authorization: `Basic ${Buffer.from('new.googler@demo.test:anything').toString('base64')}` },
    });
    expect(byPassword.statusCode).toBe(401);

    // Next time: the same tenant, by the issuer's subject.
    const again = await throughIssuer('new.googler@demo.test');
    const second = await callback(again.callback, again.flowCookie);
    expect(String(second.headers.location)).toMatch(/^\/signin#access_token=/);
    const ids = await app.ctx.db.select().from(oidcIdentities).where(eq(oidcIdentities.customerId, row.id));
    expect(ids).toHaveLength(1);
    expect(await app.ctx.db.select().from(customers).where(eq(customers.email, 'new.googler@demo.test'))).toHaveLength(1);
  });

  it('links an existing tenant when the issuer says the e-mail is verified (password sign-in still works)', async () => {
    const { callback: cb, flowCookie } = await throughIssuer(TENANT);
    const done = await callback(cb, flowCookie);
    const token = tokenOf(String(done.headers.location));
    const [tenant] = await app.ctx.db.select().from(customers).where(eq(customers.email, TENANT));
    const me = await app.inject({ method: 'GET', url: `/api/customer/${tenant.id}`, headers: auth(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().securitySettingsVisible).toBe(true);
    expect(tenant.accountType).not.toBe('TYPE_GOOGLE_OAUTH_ACCOUNT');
    await expect(login(app, TENANT, DEMO_PASSWORD)).resolves.toBeTruthy();
  });

  it('an e-mail the issuer has not verified links nothing and opens nothing', async () => {
    const { callback: cb, flowCookie } = await throughIssuer('unverified:tenant.us@demo.test');
    const done = await callback(cb, flowCookie);
    expect(done.headers.location).toBe('/signin?oauthError=unverified');
    const fresh = await throughIssuer('unverified:nobody.yet@demo.test');
    expect((await callback(fresh.callback, fresh.flowCookie)).headers.location).toBe('/signin?oauthError=unverified');
    expect(await app.ctx.db.select().from(customers).where(eq(customers.email, 'nobody.yet@demo.test'))).toHaveLength(0);
    const [us] = await app.ctx.db.select().from(customers).where(eq(customers.email, 'tenant.us@demo.test'));
    expect(await app.ctx.db.select().from(oidcIdentities).where(eq(oidcIdentities.customerId, us.id))).toHaveLength(0);
  });

  it('refuses an answer whose state is not this browser’s, one without the flow cookie, and a staff address', async () => {
    const { callback: cb, flowCookie } = await throughIssuer('state.check@demo.test');
    const forged = new URL(cb);
    forged.searchParams.set('state', 'another-browsers-state');
    expect((await callback(forged, flowCookie)).headers.location).toBe('/signin?oauthError=state');
    expect((await callback(cb)).headers.location).toBe('/signin?oauthError=expired');
    expect(await app.ctx.db.select().from(customers).where(eq(customers.email, 'state.check@demo.test'))).toHaveLength(0);

    const staff = await throughIssuer('manager@demo.test');
    expect((await callback(staff.callback, staff.flowCookie)).headers.location).toBe('/signin?oauthError=corporate');
  });

  it('an issuer refusal (access_denied) is a refusal, and bad input is a 400 naming the field', async () => {
    const start = await app.inject({ method: 'GET', url: '/api/authorizeoauth' });
    const state = new URL(String(start.headers.location)).searchParams.get('state');
    const cookie = String(start.headers['set-cookie']).split(';')[0];
    const denied = await app.inject({
      method: 'GET',
      url: `/api/authorizeoauth/callback?error=access_denied&state=${state}`,
      headers: { cookie },
    });
    expect(denied.headers.location).toBe('/signin?oauthError=denied');

    const bad = await app.inject({ method: 'GET', url: '/api/authorizeoauth?lang=de', headers: { 'accept-language': 'fr' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors[0].field).toBe('lang');
    // An address elsewhere is never where the portal sends the browser back.
    const away = await app.inject({ method: 'GET', url: '/api/authorizeoauth?next=//evil.example/x' });
    expect(away.statusCode).toBe(302);
  });
});
