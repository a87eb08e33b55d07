// spec 2 §9 tracking pixels, first-party (issue 22): POST /api/tracking/{event} and GET /api/admin/tracking_events.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEvents } from '../src/db/schema.ts';
import { TRACKING_RATE_MAX } from '../src/routes/tracking/index.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
let admin: string;

beforeAll(async () => {
  ({ app, tenant, tenantUs, admin } = await signedInApp());
});
afterAll(async () => {
  await app.close();
});

const track = (token: string, event: string) =>
  app.inject({ method: 'POST', url: `/api/tracking/${event}`, headers: auth(token) });
const list = (token: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/admin/tracking_events${query}`, headers: auth(token) });

describe('POST /api/tracking/{event}', () => {
  it('records the user id, the event and the time only, and answers 204 with no body', async () => {
    const res = await track(tenant, 'PAYMENT_OPEN');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const rows = await app.ctx.db.select().from(trackingEvents).where(eq(trackingEvents.userId, DEMO_IDS.tenant));
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]).sort()).toEqual(['createdAt', 'event', 'id', 'userId']);
    expect(rows[0]).toMatchObject({ userId: DEMO_IDS.tenant, event: 'PAYMENT_OPEN' });
  });

  it('refuses an unknown event with a 400 naming it', async () => {
    const res = await track(tenant, 'PAGE_VIEW');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'RM_ERROR_RECORD_VALIDATION' });
    expect(JSON.stringify(res.json().fieldErrors)).toContain('event');
    expect(await app.ctx.db.select().from(trackingEvents).where(eq(trackingEvents.event, 'PAGE_VIEW'))).toHaveLength(0);
  });

  it('is for tenants only: no token 401, an admin 403', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/tracking/PAYMENT_OPEN' })).statusCode).toBe(401);
    expect((await track(admin, 'PAYMENT_OPEN')).statusCode).toBe(403);
  });

  it(`limits each tenant to ${TRACKING_RATE_MAX} a minute (429), without holding back another tenant`, async () => {
    const answers = [];
    for (let i = 0; i < TRACKING_RATE_MAX + 2; i++) answers.push((await track(tenantUs, 'AUTOPAY_OPEN')).statusCode);
    expect(answers.filter((s) => s === 204).length).toBeLessThanOrEqual(TRACKING_RATE_MAX);
    expect(answers.at(-1)).toBe(429);
    const refused = await track(tenantUs, 'AUTOPAY_OPEN');
    expect(refused.json()).toMatchObject({ errorCode: 'RM_ERROR_TOO_MANY_REQUESTS' });
    expect(refused.headers['retry-after']).toBeDefined();
    const stored = await app.ctx.db.select().from(trackingEvents).where(eq(trackingEvents.userId, DEMO_IDS.tenantUs));
    expect(stored.length).toBeLessThanOrEqual(TRACKING_RATE_MAX);
    expect((await track(tenant, 'INSURANCE_OPEN')).statusCode).toBe(204);
  });
});

describe('GET /api/admin/tracking_events', () => {
  it('is for admins only: a tenant gets 403 and sees nothing', async () => {
    const res = await list(tenant);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('PAYMENT_OPEN');
  });

  it('lists newest first with counts per event and day, filtered by event and period, paged', async () => {
    await track(tenant, 'CREDIT_REPORTING_OPEN');
    await track(tenant, 'CREDIT_REPORTING_OPEN');
    const today = new Date().toISOString().slice(0, 10);
    const all = (await list(admin, `?from=${today}&to=${today}`)).json();
    expect(all.totalRecords).toBeGreaterThanOrEqual(4);
    expect(all.counts).toContainEqual({ day: today, event: 'CREDIT_REPORTING_OPEN', count: 2 });
    expect(all.records[0].event).toBe('CREDIT_REPORTING_OPEN');

    const filtered = (await list(admin, '?event=CREDIT_REPORTING_OPEN&recordsPerPage=1&page=2')).json();
    expect(filtered).toMatchObject({ totalRecords: 2, totalPages: 2, page: 2 });
    expect(filtered.records).toHaveLength(1);
    expect(filtered.counts).toEqual([{ day: today, event: 'CREDIT_REPORTING_OPEN', count: 2 }]);

    const past = (await list(admin, '?from=2020-01-01&to=2020-01-31')).json();
    expect(past).toMatchObject({ totalRecords: 0, records: [], counts: [] });
  });

  it('refuses a bad filter with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?event=NOPE', 'event'],
      ['?from=yesterday', 'from'],
      ['?from=2026-02-01&to=2026-01-01', 'to'],
      ['?from=2026-13-45', 'from'],
    ] as const) {
      const res = await list(admin, query);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().fieldErrors), query).toContain(field);
    }
  });
});
