// POST /changepassword (spec 1 §4 Password change, §5 password form, §8 Profile and password).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, corporateUsers, customers } from '../src/db/schema.ts';
import { ADMIN, auth, buildTestApp, DEMO_IDS, DEMO_PASSWORD, login, TENANT, TENANT_US } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;

const WRONG_CURRENT = 'The current password you entered is wrong!';
const MISMATCH = 'Passwords do not match';
const COMPLEXITY =
  'Insufficient Password complexity. Minimum 8 characters with at least one number, upper and lower case character is required.';

beforeAll(async () => {
  app = await buildTestApp();
  [tenant, tenantUs] = await Promise.all([login(app, TENANT), login(app, TENANT_US)]);
});
afterAll(async () => {
  await app.close();
});

const change = (token: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/changepassword', headers: auth(token), payload });
const authorize = (email: string, password: string) =>
  app.inject({
    method: 'GET',
    url: '/api/authorize',
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
async function hashOf(id: string): Promise<string | null> {
  const [row] = await app.ctx.db.select({ h: customers.passwordHash }).from(customers).where(eq(customers.id, id));
  return row.h;
}

describe('POST /api/changepassword', () => {
  it('answers RM_ERROR_INVALID_CREDENTIALS when the current password is wrong, and keeps the password', async () => {
    const before = await hashOf(DEMO_IDS.tenant);
    const res = await change(tenant, {
      userId: DEMO_IDS.tenant,
      password: 'Wrong1234',
      newPassword: 'Better123',
      confirmNewPassword: 'Better123',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: 'RM_ERROR_INVALID_CREDENTIALS', message: WRONG_CURRENT });
    expect(await hashOf(DEMO_IDS.tenant)).toBe(before);
  });

  it('answers RM_ERROR_RECORD_VALIDATION when the confirmation does not match', async () => {
    const before = await hashOf(DEMO_IDS.tenant);
    const res = await change(tenant, {
      userId: DEMO_IDS.tenant,
      password: DEMO_PASSWORD,
      newPassword: 'Better123',
      confirmNewPassword: 'Better124',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'RM_ERROR_RECORD_VALIDATION', message: MISMATCH });
    expect(res.json().fieldErrors[0].field).toBe('confirmNewPassword');
    expect(await hashOf(DEMO_IDS.tenant)).toBe(before);
  });

  for (const weak of ['Short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere']) {
    it(`answers RM_ERROR_PASSWORD_COMPLEXITY for "${weak}"`, async () => {
      const before = await hashOf(DEMO_IDS.tenantUs);
      const res = await change(tenantUs, {
        userId: DEMO_IDS.tenantUs,
        password: DEMO_PASSWORD,
        newPassword: weak,
        confirmNewPassword: weak,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'RM_ERROR_PASSWORD_COMPLEXITY', message: COMPLEXITY });
      expect(await hashOf(DEMO_IDS.tenantUs)).toBe(before);
    });
  }

  it("answers another user's id like a missing one, and changes nothing", async () => {
    const before = await hashOf(DEMO_IDS.tenant);
    const foreign = await change(tenantUs, {
      userId: DEMO_IDS.tenant,
      password: DEMO_PASSWORD,
      newPassword: 'Better123',
      confirmNewPassword: 'Better123',
    });
    const missing = await change(tenantUs, {
      userId: '00000000-0000-4000-8000-00000000dead',
      password: DEMO_PASSWORD,
      newPassword: 'Better123',
      confirmNewPassword: 'Better123',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect(await hashOf(DEMO_IDS.tenant)).toBe(before);
  });

  const badBodies: [string, Record<string, unknown>, string][] = [
    [
      'a missing confirmation',
      { userId: DEMO_IDS.tenant, password: DEMO_PASSWORD, newPassword: 'Better123' },
      'confirmNewPassword',
    ],
    [
      'an empty current password',
      { userId: DEMO_IDS.tenant, password: '', newPassword: 'Better123', confirmNewPassword: 'Better123' },
      'password',
    ],
    [
      'a numeric new password',
      { userId: DEMO_IDS.tenant, password: DEMO_PASSWORD, newPassword: 12345678, confirmNewPassword: 12345678 },
      'newPassword',
    ],
    [
      'an unknown key',
      {
        userId: DEMO_IDS.tenant,
        password: DEMO_PASSWORD,
        newPassword: 'Better123',
        confirmNewPassword: 'Better123',
        admin: true,
      },
      'body',
    ],
  ];
  for (const [what, body, field] of badBodies) {
    it(`answers 400 with fieldErrors for ${what}, and changes nothing`, async () => {
      const before = await hashOf(DEMO_IDS.tenant);
      const res = await change(tenant, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
      expect(res.json().fieldErrors.map((f: { field: string }) => f.field)).toContain(field);
      expect(await hashOf(DEMO_IDS.tenant)).toBe(before);
    });
  }

  it('is refused while an admin acts as the tenant', async () => {
    const admin = await login(app, ADMIN);
    const mimic = await app.inject({
      method: 'POST',
      url: '/api/admin/mimic',
      headers: auth(admin),
      payload: { leaseId: DEMO_IDS.leaseActive },
    });
    const res = await change(mimic.json().access_token, {
      userId: DEMO_IDS.tenant,
      password: DEMO_PASSWORD,
      newPassword: 'Better123',
      confirmNewPassword: 'Better123',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('RM_ERROR_FORBIDDEN');
  });

  it('answers SUCCESS; the new password signs in and the old one no longer does; audited without hashes', async () => {
    const res = await change(tenant, {
      userId: DEMO_IDS.tenant,
      password: DEMO_PASSWORD,
      newPassword: 'Better123',
      confirmNewPassword: 'Better123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'SUCCESS' });
    expect((await authorize(TENANT, 'Better123')).statusCode).toBe(200);
    expect((await authorize(TENANT, DEMO_PASSWORD)).statusCode).toBe(401);
    const events = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, DEMO_IDS.tenant), eq(auditEvents.action, 'PASSWORD_CHANGE')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ recordType: 'customer', actorId: DEMO_IDS.tenant });
    const trail = JSON.stringify(events[0].changes);
    expect(trail).not.toMatch(/scrypt|argon2/);
    expect(trail).not.toContain('Better123');
  });

  it('changes a corporate user password too, and rate-limits attempts per user (429 after 10 a minute)', async () => {
    const admin = await login(app, ADMIN);
    const ok = await change(admin, {
      userId: DEMO_IDS.admin,
      password: DEMO_PASSWORD,
      newPassword: 'Admin1234',
      confirmNewPassword: 'Admin1234',
    });
    expect(ok.json()).toEqual({ result: 'SUCCESS' });
    expect((await authorize(ADMIN, 'Admin1234')).statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(corporateUsers).where(eq(corporateUsers.id, DEMO_IDS.admin));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await change(admin, {
        userId: DEMO_IDS.admin,
        password: 'Guess1234',
        newPassword: 'Admin9999',
        confirmNewPassword: 'Admin9999',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 9).every((c) => c === 401)).toBe(true);
    expect(codes[9]).toBe(429);
    // Another user is not affected by the admin's limit.
    const other = await change(tenantUs, {
      userId: DEMO_IDS.tenantUs,
      password: 'Guess1234',
      newPassword: 'Admin9999',
      confirmNewPassword: 'Admin9999',
    });
    expect(other.statusCode).toBe(401);
  });
});
