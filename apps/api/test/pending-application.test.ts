// spec 1 §4 / §8: while the tenant's lease application for a property is pending the manager's decision, payment setup
// on that property's lease is refused (RM_ERROR_LEASE_NOT_PAYABLE, the spec's message in the caller's language); the
// tenant's leases at other properties are not affected, and the refusal ends when the application is decided.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, DEMO_IDS as I, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
beforeAll(async () => {
  ({ app, tenant } = await signedInApp());
});
afterAll(() => app.close());

const pay = (lang = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/processpayment',
    headers: { ...auth(tenant), 'idempotency-key': randomUUID(), 'accept-language': lang },
    payload: {
      billingAccountId: I.leaseActive,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      paymentMethodId: I.cardVisa,
      paymentMethodType: 'TYPE_CREDIT_CARD',
      amount: 20,
    },
  });

describe('a pending lease application', () => {
  it('refuses payments on its property’s lease until it is decided', async () => {
    expect((await pay()).statusCode).toBe(200);
    const { rows } = await app.ctx.database.raw(
      `INSERT INTO lease_applications (customer_id, company_id, property_id, status) VALUES ($1, $2, $3, 'PENDING') RETURNING id`,
      [I.tenant, I.companyCa, I.propertyCa],
    );
    const refused = await pay();
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errorCode: 'RM_ERROR_LEASE_NOT_PAYABLE',
      message: 'Payment setup is not available while your lease application is pending approval by your property manager.',
    });
    const fr = await pay('fr');
    expect(fr.statusCode).toBe(422);
    expect(fr.json().message).not.toBe(refused.json().message);
    // Decided: payments are taken again.
    await app.ctx.database.raw(`UPDATE lease_applications SET status = 'APPROVED' WHERE id = $1`, [rows[0].id]);
    expect((await pay()).statusCode).toBe(200);
  });
});
