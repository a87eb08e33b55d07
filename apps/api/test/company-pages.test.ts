// issue 23 "Properties": what the console's application page editor relies on (docs/api-contract.md "Company settings
// and properties"): a custom field's id is one path segment of the tenant's answers (customFields.<id>), the number of
// custom fields is bounded, and saving a page unchanged records no audit event.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema.ts';
import { auth, buildTestApp, DEMO_IDS, login } from './helpers.ts';

let app: FastifyInstance;
let manager: string;

beforeAll(async () => {
  app = await buildTestApp();
  manager = await login(app, 'manager@demo.test');
});
afterAll(async () => {
  await app.close();
});

const call = (method: 'POST' | 'PATCH', url: string, payload: object, lang = 'en') =>
  app.inject({ method, url: `/api${url}`, headers: { ...auth(manager), 'accept-language': lang }, payload });

const field = (id: string) => ({ id, label: { en: 'Vehicles', fr: 'Véhicules' }, type: 'NUMBER', required: false });

describe('lease application page: custom fields', () => {
  it("refuses an id that would split the tenant's answer path, naming it in the caller's language", async () => {
    const res = await call(
      'POST',
      '/lease_application_page/create',
      { name: 'dotted-ids', customFields: [field('ok_id-1'), field('car.count')] },
      'fr',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual([
      expect.objectContaining({ field: 'customFields.1.id', message: expect.stringContaining('car.count') }),
    ]);
    expect(res.json().fieldErrors[0].message).toMatch(/lettres/);
  });

  it('takes at most 30 custom fields', async () => {
    const many = Array.from({ length: 31 }, (_, i) => field(`q${i}`));
    const res = await call('POST', '/lease_application_page/create', { name: 'many-fields', customFields: many });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[0].field).toBe('customFields');
    const ok = await call('POST', '/lease_application_page/create', { name: 'many-fields', customFields: many.slice(1) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().customFields).toHaveLength(30);
  });

  it('records no audit event when the sections and custom fields sent are the ones stored', async () => {
    const body = {
      sections: { '3': { street1: true, city: true, postalCode: true }, '7': { pets: true } },
      customFields: [field('vehicles'), { ...field('notes'), type: 'TEXT', maxLength: 200 }],
    };
    const res = await call('PATCH', `/lease_application_page/${DEMO_IDS.appPage}/update`, body);
    expect(res.statusCode).toBe(200);
    const updates = () =>
      app.ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.recordId, DEMO_IDS.appPage), eq(auditEvents.action, 'UPDATE')));
    const after = (await updates()).length;
    expect(after).toBeGreaterThan(0);
    const again = await call('PATCH', `/lease_application_page/${DEMO_IDS.appPage}/update`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().customFields).toEqual(res.json().customFields);
    expect(await updates()).toHaveLength(after);
  });
});
