// The service cards' demo (issue 22, apps/api/src/db/seed-services.ts): what the dashboard's one lease search gives the
// one availability rule for each demo tenant.
import { type ServiceLease, serviceAvailability } from '@portal/domain/service-availability';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedCustomCard, DEMO_CUSTOM_CARD } from '../src/db/seed-services.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
beforeAll(async () => {
  ({ app, tenant, tenantUs } = await signedInApp());
});
afterAll(async () => {
  await app.close();
});

async function offers(token: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/property_lease/search?page=1&recordsPerPage=100',
    headers: auth(token),
    payload: { conditions: [], joins: ['property', 'company', 'parentCompany'] },
  });
  expect(res.statusCode).toBe(200);
  const records = res.json().records as (ServiceLease & { id: string })[];
  return Object.fromEntries(records.map((lease) => [lease.id, serviceAvailability(lease)]));
}

describe('the demo service cards', () => {
  it('offers the BC lease both microloan partners (the loan partner first), the custom card and the neobank banner', async () => {
    const byLease = await offers(tenant);
    expect(byLease[DEMO_IDS.leaseActive]).toMatchObject({
      microloanPartners: ['MONEVO', 'PAYPAL_CREDIT'],
      customCard: DEMO_CUSTOM_CARD,
      concierge: true,
      neobankPromotion: true,
    });
    // The tenant's other leases offer none of them (another company; a lease that ended).
    for (const id of [DEMO_IDS.leasePending, DEMO_IDS.leaseTerminated]) {
      expect(byLease[id]).toMatchObject({ microloanPartners: [], customCard: null, neobankPromotion: false });
    }
  });

  it('offers the US tenant none of the Canada-only cards, nor microlending', async () => {
    expect((await offers(tenantUs))[DEMO_IDS.leaseUs]).toMatchObject({
      microloanPartners: [],
      customCard: null,
      neobankPromotion: false,
    });
  });

  it('refuses to store a custom card whose button is not a web address', () => {
    expect(() => checkedCustomCard({ ...DEMO_CUSTOM_CARD, buttonUrl: 'javascript:alert(1)' })).toThrow(/buttonUrl/);
  });
});
