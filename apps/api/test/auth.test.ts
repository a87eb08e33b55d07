import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, auth, buildTestApp, DEMO_IDS, login, TENANT } from './helpers.ts';

let app: FastifyInstance;
let clock = Date.now();
beforeAll(async () => {
  app = await buildTestApp({ now: () => new Date(clock) });
});
afterAll(async () => {
  await app.close();
});

const basic = (email: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
});
const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

describe('GET /api/ping', () => {
  it('answers without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });
});

describe('GET /api/authorize', () => {
  it('signs a tenant in and the JWT carries sessionRole', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/authorize', headers: basic('TENANT@demo.test', 'Demo1234') });
    expect(res.statusCode).toBe(200);
    const claims = decode(res.json().access_token);
    expect(claims.sessionRole).toEqual({
      id: DEMO_IDS.tenant,
      firstName: 'Camille',
      lastName: 'Tremblay',
      type: 'TYPE_CUSTOMER',
    });
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });

  it('refuses a wrong password with RM_ERROR_INVALID_CREDENTIALS', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/authorize', headers: basic(TENANT, 'wrong') });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('RM_ERROR_INVALID_CREDENTIALS');
  });

  it('answers 400 with fieldErrors when the header is missing or malformed', async () => {
    for (const headers of [{}, { authorization: 'Basic !!!' }, { authorization: 'Bearer x' }]) {
      const res = await app.inject({ method: 'GET', url: '/api/authorize', headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
      expect(res.json().fieldErrors[0].field).toBe('authorization');
    }
  });

  it('signs an admin in as TYPE_ADMIN', async () => {
    const claims = decode(await login(app, ADMIN));
    expect(claims.sessionRole.type).toBe('TYPE_ADMIN');
  });
});

describe('rate limit on /authorize', () => {
  it('answers 429 with Retry-After past the limit', async () => {
    const limited = await buildTestApp({ authorizeRateLimit: 3, seed: false });
    try {
      const codes: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < 5; i++) {
        const res = await limited.inject({ method: 'GET', url: '/api/authorize', headers: basic('nobody@demo.test', 'x') });
        codes.push(res.statusCode);
        if (res.statusCode === 429) retryAfter = res.headers['retry-after'] as string;
      }
      expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
      expect(codes.slice(3)).toEqual([429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('tokens', () => {
  it('answers Access token invalid for a forged or missing token', async () => {
    for (const headers of [{}, auth('abc.def.ghi')]) {
      const res = await app.inject({ method: 'GET', url: '/api/refreshtoken', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Access token invalid');
    }
  });

  it('answers Access token expired after 15 minutes, and refresh works before that', async () => {
    const token = await login(app, TENANT);
    const ok = await app.inject({ method: 'GET', url: '/api/refreshtoken', headers: auth(token) });
    expect(ok.statusCode).toBe(200);
    expect(decode(ok.json().access_token).sessionRole.id).toBe(DEMO_IDS.tenant);
    clock += 16 * 60 * 1000;
    try {
      const res = await app.inject({ method: 'GET', url: '/api/refreshtoken', headers: auth(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ errorCode: 'RM_ERROR_ACCESS_TOKEN_EXPIRED', message: 'Access token expired' });
    } finally {
      clock = Date.now();
    }
  });

  it('rejects a bad stopMimic value', async () => {
    const token = await login(app, TENANT);
    const res = await app.inject({ method: 'GET', url: '/api/refreshtoken?stopMimic=maybe', headers: auth(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
  });
});

describe('OpenAPI', () => {
  it('serves the document at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/authorize']).toBeDefined();
  });
});
