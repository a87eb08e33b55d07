// POST /api/text-messages/inbound: a tenant's STOP / START reply, delivered by the text-message provider's webhook.
// Which words mean STOP or START: packages/domain text-messages.test.ts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, DEMO_IDS, login, TENANT, TENANT_US, TEST_SMS_WEBHOOK_SECRET } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;

beforeAll(async () => {
  app = await buildTestApp();
  [tenant, tenantUs] = await Promise.all([login(app, TENANT), login(app, TENANT_US)]);
});
afterAll(() => app.close());

const reply = (payload: unknown, token: string | null = TEST_SMS_WEBHOOK_SECRET) =>
  app.inject({
    method: 'POST',
    url: '/api/text-messages/inbound',
    headers: token === null ? {} : { 'x-sms-webhook-token': token },
    payload: payload as Record<string, unknown>,
  });

const textSettings = async (token: string, id: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/customer/${id}`, headers: auth(token) });
  const { muteTextMessageNotification, textMessageNotificationMutedBy } = res.json();
  return { muteTextMessageNotification, textMessageNotificationMutedBy };
};

describe('POST /text-messages/inbound', () => {
  it('refuses a caller without the provider secret, and changes nothing', async () => {
    for (const token of [null, '', 'wrong-secret', `${TEST_SMS_WEBHOOK_SECRET}x`]) {
      const res = await reply({ from: '+16045550142', body: 'STOP' }, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('RM_ERROR_ACCESS_TOKEN_INVALID');
    }
    expect(await textSettings(tenant, DEMO_IDS.tenant)).toEqual({
      muteTextMessageNotification: false,
      textMessageNotificationMutedBy: null,
    });
  });

  it('refuses a malformed reply with 400', async () => {
    for (const payload of [{ body: 'STOP' }, { from: '', body: 'STOP' }, { from: '+16045550142' }, { from: 42, body: 'STOP' }]) {
      const res = await reply(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
    }
  });

  it('STOP mutes the sender (muted by CUSTOMER), START turns texts back on; both are in the history', async () => {
    const stop = await reply({ from: '(604) 555-0142', body: 'Stop', messageId: 'SM1' });
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toEqual({ result: 'MUTED' });
    expect(await textSettings(tenant, DEMO_IDS.tenant)).toEqual({
      muteTextMessageNotification: true,
      textMessageNotificationMutedBy: 'CUSTOMER',
    });
    // Another tenant's settings are untouched.
    expect(await textSettings(tenantUs, DEMO_IDS.tenantUs)).toMatchObject({ textMessageNotificationMutedBy: null });

    const start = await reply({ from: '+1 604 555 0142', body: 'START' });
    expect(start.json()).toEqual({ result: 'UNMUTED' });
    expect(await textSettings(tenant, DEMO_IDS.tenant)).toEqual({
      muteTextMessageNotification: false,
      textMessageNotificationMutedBy: null,
    });

    const history = await app.inject({ method: 'GET', url: `/api/customer/${DEMO_IDS.tenant}/history`, headers: auth(tenant) });
    const events = history.json().records.filter((e: { actorType: string }) => e.actorType === 'TYPE_TEXT_MESSAGE_REPLY');
    expect(
      events.map((e: { changes: { textMessageNotificationMutedBy: unknown } }) => e.changes.textMessageNotificationMutedBy),
    ).toEqual([
      { from: null, to: 'CUSTOMER' },
      { from: 'CUSTOMER', to: null },
    ]);
  });

  it('ignores an unknown number or an unknown word, and writes nothing', async () => {
    expect((await reply({ from: '+16135550000', body: 'STOP' })).json()).toEqual({ result: 'IGNORED' });
    expect((await reply({ from: 'not a phone', body: 'STOP' })).json()).toEqual({ result: 'IGNORED' });
    expect((await reply({ from: '+16045550142', body: 'Thanks!' })).json()).toEqual({ result: 'IGNORED' });
    expect(await textSettings(tenant, DEMO_IDS.tenant)).toEqual({
      muteTextMessageNotification: false,
      textMessageNotificationMutedBy: null,
    });
  });

  it('a repeated STOP changes nothing more', async () => {
    await reply({ from: '+16045550142', body: 'STOP' });
    const before = await app.inject({ method: 'GET', url: `/api/customer/${DEMO_IDS.tenant}/history`, headers: auth(tenant) });
    expect((await reply({ from: '+16045550142', body: 'STOP' })).json()).toEqual({ result: 'MUTED' });
    const after = await app.inject({ method: 'GET', url: `/api/customer/${DEMO_IDS.tenant}/history`, headers: auth(tenant) });
    expect(after.json().records).toHaveLength(before.json().records.length);
    await reply({ from: '+16045550142', body: 'START' });
  });
});
