// GET /broadcast/messages (spec 1 §2 Shell: broadcast messages by severity; docs/api-contract.md "Broadcast and admin").
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcastMessages, customers } from '../src/db/schema.ts';
import { ADMIN, auth, buildTestApp, DEMO_IDS, login, TENANT, TENANT_US } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

beforeAll(async () => {
  app = await buildTestApp();
  [tenant, tenantUs] = await Promise.all([login(app, TENANT), login(app, TENANT_US)]);
  await app.ctx.db.insert(broadcastMessages).values([
    {
      severity: 'WARNING',
      messageEn: 'ca-company warning',
      messageFr: 'avertissement ca',
      companyId: DEMO_IDS.companyCa,
      startsAt: at(-HOUR),
      endsAt: at(HOUR),
    },
    { severity: 'CRITICAL', messageEn: 'everyone critical', messageFr: 'critique pour tous', startsAt: at(-2 * HOUR) },
    {
      severity: 'CRITICAL',
      messageEn: 'us-company critical',
      messageFr: 'critique us',
      companyId: DEMO_IDS.companyUs,
      startsAt: at(-HOUR),
    },
    { severity: 'INFO', messageEn: 'not started yet', messageFr: 'pas encore', startsAt: at(HOUR) },
    { severity: 'INFO', messageEn: 'already ended', messageFr: 'terminé', startsAt: at(-3 * HOUR), endsAt: at(-HOUR) },
    {
      severity: 'NOTICE',
      messageEn: 'odd severity',
      messageFr: 'gravité inconnue',
      companyId: DEMO_IDS.companyCa2,
      startsAt: at(-HOUR),
    },
  ]);
});
afterAll(async () => {
  await app.close();
});

const messages = async (token: string) => {
  const res = await app.inject({ method: 'GET', url: '/api/broadcast/messages', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json().records as {
    severity: string;
    message: string;
    messageEn: string;
    messageFr: string;
    startsAt: string;
    endsAt: string | null;
  }[];
};

describe('GET /api/broadcast/messages', () => {
  it("answers the active messages for everyone and for the tenant's companies, most severe first", async () => {
    const records = await messages(tenant);
    expect(records.map((r) => r.messageEn)).toEqual([
      'everyone critical',
      'ca-company warning',
      // same severity: newest first (the seeded message starts at seed time, after 'odd severity')
      'Bank payments made after 3 p.m. Pacific are processed on the next business day.',
      'odd severity',
    ]);
    expect(records[1]).toMatchObject({ severity: 'WARNING', message: 'ca-company warning', messageFr: 'avertissement ca' });
    // spec 1 §2: a severity other than CRITICAL or WARNING shows as info
    expect(records[3].severity).toBe('INFO');
    expect(new Date(records[1].startsAt).toISOString()).toBe(records[1].startsAt);
    expect(records[0].endsAt).toBeNull();
  });

  it("never shows another tenant's company messages", async () => {
    const ca = (await messages(tenant)).map((r) => r.messageEn);
    expect(ca).not.toContain('us-company critical');
    const us = (await messages(tenantUs)).map((r) => r.messageEn);
    expect(us).toContain('us-company critical');
    expect(us).not.toContain('ca-company warning');
    expect(us).not.toContain('odd severity');
  });

  it("answers message in the caller's language", async () => {
    await app.ctx.db.update(customers).set({ languageCode: 'fr' }).where(eq(customers.id, DEMO_IDS.tenant));
    try {
      const records = await messages(tenant);
      expect(records[0]).toMatchObject({ message: 'critique pour tous', messageEn: 'everyone critical' });
    } finally {
      await app.ctx.db.update(customers).set({ languageCode: 'en' }).where(eq(customers.id, DEMO_IDS.tenant));
    }
  });

  it('answers an admin the messages for everyone', async () => {
    const records = await messages(await login(app, ADMIN));
    expect(records.map((r) => r.messageEn)).toEqual([
      'everyone critical',
      'Bank payments made after 3 p.m. Pacific are processed on the next business day.',
    ]);
  });

  it('answers 401 without a token, and 400 for an unknown query parameter', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/broadcast/messages' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Access token invalid');
    const bad = await app.inject({ method: 'GET', url: '/api/broadcast/messages?severity=CRITICAL', headers: auth(tenant) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
    expect(bad.json().fieldErrors.length).toBeGreaterThan(0);
  });

  it('is in the OpenAPI document with the broadcast tag', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.paths['/api/broadcast/messages'].get.tags).toEqual(['broadcast']);
  });
});
