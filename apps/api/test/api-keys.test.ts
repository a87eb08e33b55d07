// issue 24 "Access for machines" (spec 2 §7 /authorizeapi): API keys created and revoked in the console (admin: any
// company; manager: their own), stored hashed, exchanged for a short-lived token that opens only the key's scopes on the
// key's company, rate-limited per key, each use audited, and refused at once when revoked.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditEvents } from '../src/db/schema.ts';
import { auth, buildTestApp, DEMO_IDS, login, signedInApp } from './helpers.ts';

const I = DEMO_IDS;
let app: FastifyInstance;
let tenant: string;
let admin: string;
let manager: string;
let manager2: string;

beforeAll(async () => {
  ({ app, tenant, admin } = await signedInApp());
  [manager, manager2] = await Promise.all([login(app, 'manager@demo.test'), login(app, 'manager2@demo.test')]);
});
afterAll(async () => {
  await app.close();
});

const create = (token: string | null, payload: Record<string, unknown>, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/api_key/create',
    headers: { ...(token ? auth(token) : {}), 'accept-language': lang },
    payload,
  });
const exchange = (key?: string) =>
  app.inject({ method: 'POST', url: '/api/authorizeapi', headers: key === undefined ? {} : { 'x-api-key': key } });
const ledgerSearch = (token: string, propertyId: string) =>
  app.inject({ method: 'POST', url: '/api/ledger/search', headers: auth(token), payload: { propertyId } });

describe('creating, listing and revoking keys', () => {
  it('a manager creates a key of their company: shown once, stored as a hash, listed by prefix and creator', async () => {
    const res = await create(manager, { name: 'Accounting export', scopes: ['ledger:read'] });
    expect(res.statusCode).toBe(200);
    const made = res.json();
    expect(made.key).toMatch(/^rpk_[\w-]{12}_[\w-]{43}$/);
    expect(made).toMatchObject({ companyId: I.companyCa, name: 'Accounting export', scopes: ['ledger:read'], status: 'ACTIVE' });
    expect(made.key.startsWith(made.prefix)).toBe(true);

    const [row] = await app.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(JSON.stringify(row)).not.toContain(made.key.slice(made.prefix.length + 1));
    expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await app.inject({ method: 'GET', url: '/api/api_key/list', headers: auth(manager) });
    expect(list.statusCode).toBe(200);
    const listed = list.json().records.find((k: { id: string }) => k.id === made.id);
    expect(listed).toMatchObject({ prefix: made.prefix, lastUsedAt: null, createdBy: { type: 'TYPE_MANAGER' } });
    expect(listed.createdBy.name).toBeTruthy();
    expect(list.body).not.toContain(made.key);
    // Another company's manager does not see it.
    const other = await app.inject({ method: 'GET', url: '/api/api_key/list', headers: auth(manager2) });
    expect(other.json().records.map((k: { id: string }) => k.id)).not.toContain(made.id);
  });

  it("the admin creates a key of any company; a manager cannot reach another company's keys (404)", async () => {
    const res = await create(admin, { companyId: I.companyCa2, name: 'PMS sync', scopes: ['properties:read', 'ledger:read'] });
    expect(res.statusCode).toBe(200);
    const id = res.json().id;
    expect(res.json().createdBy.type).toBe('TYPE_ADMIN');
    expect((await create(manager, { companyId: I.companyCa2, name: 'x', scopes: ['ledger:read'] })).statusCode).toBe(404);
    const list = await app.inject({ method: 'GET', url: `/api/api_key/list?companyId=${I.companyCa2}`, headers: auth(manager) });
    expect(list.statusCode).toBe(404);
    const revoke = await app.inject({ method: 'POST', url: `/api/api_key/${id}/revoke`, headers: auth(manager) });
    expect(revoke.statusCode).toBe(404);
    const adminList = await app.inject({
      method: 'GET',
      url: `/api/api_key/list?companyId=${I.companyCa2}`,
      headers: auth(admin),
    });
    expect(adminList.json().records.map((k: { id: string }) => k.id)).toContain(id);
    expect((await create(admin, { companyId: 'no-such-company', name: 'x', scopes: ['ledger:read'] })).statusCode).toBe(404);
  });

  it('a tenant gets 403 and no token 401 on every key call', async () => {
    for (const token of [tenant, null]) {
      const status = token ? 403 : 401;
      expect((await create(token, { name: 'x', scopes: ['ledger:read'] })).statusCode).toBe(status);
      const h = token ? auth(token) : {};
      expect((await app.inject({ method: 'GET', url: '/api/api_key/list', headers: h })).statusCode).toBe(status);
      expect((await app.inject({ method: 'POST', url: '/api/api_key/x/revoke', headers: h })).statusCode).toBe(status);
    }
  });

  it('bad input answers 400 naming the field, in English and in French', async () => {
    const noCompany = await create(admin, { name: 'x', scopes: ['ledger:read'] });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().fieldErrors[0]).toMatchObject({ field: 'companyId', message: 'Choose the company of the key.' });
    const fr = await create(admin, { name: 'x', scopes: ['ledger:read'] }, 'fr');
    expect(fr.json().fieldErrors[0]).toMatchObject({ field: 'companyId', message: 'Choisissez l’entreprise de la clé.' });

    const noName = await create(manager, { name: '  ', scopes: ['ledger:read'] }, 'fr');
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fieldErrors).toContainEqual(
      expect.objectContaining({ field: 'name', message: 'Entrez un nom pour la clé.' }),
    );
    const badScope = await create(manager, { name: 'x', scopes: ['payments:write'] });
    expect(badScope.statusCode).toBe(400);
    expect(badScope.json().fieldErrors[0].field).toMatch(/^scopes/);
    const noScope = await create(manager, { name: 'x', scopes: [] });
    expect(noScope.statusCode).toBe(400);
    expect(noScope.json().fieldErrors[0]).toMatchObject({ field: 'scopes' });
    expect(noScope.json().fieldErrors[0].message).toContain('scopes');

    const missing = await exchange();
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors[0]).toMatchObject({
      field: 'x-api-key',
      message: 'Send the API key in the X-API-Key header.',
    });
  });
});

describe('exchanging a key and what its token may call', () => {
  let key: string;
  let keyId: string;
  let token: string;

  beforeAll(async () => {
    const res = await create(manager, { name: 'Ledger export', scopes: ['ledger:read'] });
    ({ key, id: keyId } = res.json());
    const ex = await exchange(key);
    expect(ex.statusCode).toBe(200);
    expect(ex.json()).toMatchObject({ token_type: 'Bearer', scopes: ['ledger:read'], companyId: I.companyCa });
    expect(ex.json().expires_in).toBeGreaterThan(0);
    expect(ex.json().expires_in).toBeLessThanOrEqual(15 * 60);
    token = ex.json().access_token;
  });

  it("reads its company's ledger (search and CSV), not another company's (404)", async () => {
    const mine = await ledgerSearch(token, I.propertyCa);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().records.length).toBeGreaterThan(0);
    const csv = await app.inject({ method: 'GET', url: `/api/ledger/download?propertyId=${I.propertyCa}`, headers: auth(token) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect((await ledgerSearch(token, I.propertyUs)).statusCode).toBe(404);
  });

  it('everything outside its scopes answers 403: other scopes, writes, key management, refresh, tenant calls', async () => {
    const calls: [string, string][] = [
      ['GET', `/api/company/${I.companyCa}/property/list`],
      ['GET', '/api/api_key/list'],
      ['POST', '/api/api_key/create'],
      ['GET', '/api/refreshtoken'],
      ['GET', `/api/customer/${I.companyCa}`],
      ['POST', '/api/payment_transaction/x/refund'],
    ];
    for (const [method, url] of calls) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: auth(token),
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe("An API key's token cannot call this.");
    }
  });

  it('each exchange and call is audited and stamps the last use, without the key', async () => {
    const events = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordType, 'ApiKey'), eq(auditEvents.recordId, keyId)));
    const actions = events.map((e) => e.action);
    expect(actions).toContain('CREATE');
    expect(actions).toContain('TOKEN');
    expect(events.filter((e) => e.action === 'USE').map((e) => (e.changes as { route: string }).route)).toContain(
      'POST /api/ledger/search',
    );
    expect(JSON.stringify(events)).not.toContain(key);
    const list = await app.inject({ method: 'GET', url: '/api/api_key/list', headers: auth(manager) });
    expect(list.json().records.find((k: { id: string }) => k.id === keyId).lastUsedAt).not.toBeNull();
  });

  it('a revoked key is refused at once: the exchange (401) and the token already issued (401)', async () => {
    expect((await ledgerSearch(token, I.propertyCa)).statusCode).toBe(200);
    const revoke = await app.inject({ method: 'POST', url: `/api/api_key/${keyId}/revoke`, headers: auth(manager) });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toMatchObject({ status: 'REVOKED' });
    expect((await ledgerSearch(token, I.propertyCa)).statusCode).toBe(401);
    const again = await exchange(key);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('This API key is not valid or was revoked.');
    // Revoking twice answers the same; the trail has one REVOKE.
    expect((await app.inject({ method: 'POST', url: `/api/api_key/${keyId}/revoke`, headers: auth(admin) })).statusCode).toBe(
      200,
    );
    const revokes = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, keyId), eq(auditEvents.action, 'REVOKE')));
    expect(revokes).toHaveLength(1);
  });

  it('an unknown or malformed key is refused (401)', async () => {
    expect((await exchange(`${key.slice(0, -4)}AAAA`)).statusCode).toBe(401);
    expect((await exchange('not-a-key')).statusCode).toBe(401);
  });
});

describe('a properties:read key', () => {
  it("lists its company's properties and leases as its manager would, not another company's (404)", async () => {
    const made = await create(admin, { companyId: I.companyCa, name: 'PMS sync', scopes: ['properties:read'] });
    const token = (await exchange(made.json().key)).json().access_token as string;
    const list = await app.inject({ method: 'GET', url: `/api/company/${I.companyCa}/property/list`, headers: auth(token) });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(I.propertyCa);
    const property = await app.inject({ method: 'GET', url: `/api/property/${I.propertyCa}`, headers: auth(token) });
    expect(property.statusCode).toBe(200);
    const lease = await app.inject({ method: 'GET', url: `/api/property_lease/${I.leaseActive}/details`, headers: auth(token) });
    expect(lease.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/property/${I.propertyUs}`, headers: auth(token) })).statusCode).toBe(
      404,
    );
    const other = await app.inject({ method: 'GET', url: `/api/company/${I.companyUs}/property/list`, headers: auth(token) });
    expect(other.statusCode).toBe(404);
    // Not the ledger: another scope.
    expect((await ledgerSearch(token, I.propertyCa)).statusCode).toBe(403);
    // Nor a write of its manager's routes.
    const write = await app.inject({
      method: 'PATCH',
      url: `/api/property/${I.propertyCa}/update`,
      headers: auth(token),
      payload: {},
    });
    expect(write.statusCode).toBe(403);
  });
});

describe('rate limits per key', () => {
  it('exchanges and calls past the limit answer 429 with Retry-After, per key', async () => {
    const small = await buildTestApp({ config: { apiKeyRateLimit: { max: 3, timeWindowMs: 60_000 } } });
    try {
      const mgr = await login(small, 'manager@demo.test');
      const mk = async () =>
        (
          await small.inject({
            method: 'POST',
            url: '/api/api_key/create',
            headers: auth(mgr),
            payload: { name: 'k', scopes: ['ledger:read'] },
          })
        ).json().key as string;
      const [a, b] = [await mk(), await mk()];
      const ex = (k: string) => small.inject({ method: 'POST', url: '/api/authorizeapi', headers: { 'x-api-key': k } });
      const tokenA = (await ex(a)).json().access_token as string;
      expect((await ex(a)).statusCode).toBe(200);
      expect((await ex(a)).statusCode).toBe(200);
      const limited = await ex(a);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another key is not held back.
      expect((await ex(b)).statusCode).toBe(200);

      const call = () =>
        small.inject({ method: 'POST', url: '/api/ledger/search', headers: auth(tokenA), payload: { propertyId: I.propertyCa } });
      for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
      const over = await call();
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
    } finally {
      await small.close();
    }
  });
});
