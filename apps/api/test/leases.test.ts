// issue 23 "Leases": create, edit and end a lease; invite the tenant (the invitation's whole life); notes; the manager's
// documents; the console's lease list. Every console call: admin, manager (own company), the other company's manager
// (404), a tenant (403), no token (401).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, leaseInvitations, propertyLeases, recurringSchedules } from '../src/db/schema.ts';
import { dispatchMail } from '../src/services/mail/dispatch.ts';
import type { OutgoingMail } from '../src/services/mail/transport.ts';
import { ADMIN, auth, buildTestApp, DEMO_IDS, login, TENANT } from './helpers.ts';

let app: FastifyInstance;
let admin: string;
let manager: string;
let manager2: string;
let tenant: string;
const mails: OutgoingMail[] = [];

beforeAll(async () => {
  // the public invitation calls are limited per address like sign-up; this file makes many from one address
  app = await buildTestApp({ config: { signupRateLimit: { max: 1000, timeWindowMs: 600_000 } } });
  app.ctx.mail = { name: 'test', send: async (m) => void mails.push(m) };
  [admin, manager, manager2, tenant] = await Promise.all([
    login(app, ADMIN),
    login(app, 'manager@demo.test'),
    login(app, 'manager2@demo.test'),
    login(app, TENANT),
  ]);
});
afterAll(async () => {
  await app.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token: string | null, payload?: unknown, lang = 'en') =>
  app.inject({
    method,
    url,
    headers: { ...(token ? auth(token) : {}), 'accept-language': lang },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const leaseBody = (over: Record<string, unknown> = {}) => ({
  propertyId: DEMO_IDS.propertyCa,
  unit: '1203',
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  monthlyPaymentDueDay: 1,
  charges: [
    { code: 'Rent', amount: 1850 },
    { code: 'parking', amount: 75.5 },
  ],
  requireAutoPay: false,
  blockPayments: { TYPE_CASH: { blocked: true }, TYPE_CREDIT_CARD: { blocked: false, blockedSplit: true } },
  blockPartialPayments: true,
  payByTextEnabled: null,
  ...over,
});

async function newLease(token = manager, over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/property_lease/create', token, leaseBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string; companyId: string };
}

const inviteBody = (email: string, over: Record<string, unknown> = {}) => ({
  email,
  firstName: 'Noor',
  lastName: 'Haddad',
  languageCode: 'en',
  ...over,
});

async function invite(leaseId: string, email: string, over: Record<string, unknown> = {}) {
  const res = await call('POST', `/api/property_lease/${leaseId}/invite`, manager, inviteBody(email, over));
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { link: string; mailSent: boolean; invitation: { state: string } };
  return { ...body, token: body.link.split('/invite/')[1] };
}

const signUp = {
  firstName: 'Noor',
  lastName: 'Haddad',
  phone: '604-555-0142',
  password: 'Secret123',
  confirmPassword: 'Secret123',
};

describe('GET /property_lease/properties', () => {
  it("lists the manager's company's properties only (the admin every company's); tenant 403; no token 401", async () => {
    const mine = (await call('GET', '/api/property_lease/properties', manager)).json().records;
    expect(mine.map((p: { id: string }) => p.id)).toContain(DEMO_IDS.propertyCa);
    expect(mine.every((p: { companyId: string }) => p.companyId === DEMO_IDS.companyCa)).toBe(true);
    const all = (await call('GET', '/api/property_lease/properties', admin)).json().records;
    expect(all.map((p: { id: string }) => p.id)).toContain(DEMO_IDS.propertyUs);
    expect((await call('GET', '/api/property_lease/properties', tenant)).statusCode).toBe(403);
    expect((await call('GET', '/api/property_lease/properties', null)).statusCode).toBe(401);
  });
});

describe('POST /property_lease/create', () => {
  it('creates a lease without tenant (PENDING until invited), its lines in the company codes, audited', async () => {
    const res = await call('POST', '/api/property_lease/create', manager, leaseBody());
    expect(res.statusCode, res.body).toBe(201);
    const lease = res.json();
    expect(lease).toMatchObject({
      status: 'PENDING',
      origin: 'INVITATION',
      unit: '1203',
      propertyName: 'Harbourview Residences',
      companyId: DEMO_IDS.companyCa,
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      monthlyPaymentDueDay: 1,
      blockPartialPayments: true,
      payByTextEnabled: null,
      tenant: null,
      invitation: null,
      blockPayments: { TYPE_CASH: { blocked: true }, TYPE_CREDIT_CARD: { blocked: false, blockedSplit: true } },
    });
    expect(lease.charges.map((c: { code: string; amount: number }) => [c.code, c.amount])).toEqual([
      ['Rent', 1850],
      ['parking', 75.5],
    ]);
    const [row] = await app.ctx.db.select().from(propertyLeases).where(eq(propertyLeases.id, lease.id));
    expect(row.userId).toBeNull();
    expect(row.charges.map((c) => c.amount)).toEqual([185000, 7550]);
    const events = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, lease.id), eq(auditEvents.action, 'CREATE')));
    expect(events).toHaveLength(1);
    expect(events[0].actorId).toBe(DEMO_IDS.manager);
  });

  it("the admin may create for any company; the other company's manager gets 404 on the property; tenant 403; no token 401", async () => {
    expect((await call('POST', '/api/property_lease/create', admin, leaseBody())).statusCode).toBe(201);
    const foreign = await call('POST', '/api/property_lease/create', manager2, leaseBody());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().fieldErrors[0].field).toBe('propertyId');
    expect((await call('POST', '/api/property_lease/create', tenant, leaseBody())).statusCode).toBe(403);
    expect((await call('POST', '/api/property_lease/create', null, leaseBody())).statusCode).toBe(401);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a missing start date', { startDate: '' }, 'startDate'],
    ['an impossible date', { startDate: '2026-02-30' }, 'startDate'],
    ['an end before the start', { endDate: '2026-11-01' }, 'endDate'],
    ['due day 0', { monthlyPaymentDueDay: 0 }, 'monthlyPaymentDueDay'],
    ['due day 32', { monthlyPaymentDueDay: 32 }, 'monthlyPaymentDueDay'],
    ['no charge line', { charges: [] }, 'charges'],
    ['a zero amount', { charges: [{ code: 'Rent', amount: 0 }] }, 'charges.0.amount'],
    ['a negative amount', { charges: [{ code: 'Rent', amount: -5 }] }, 'charges.0.amount'],
    ['three decimals', { charges: [{ code: 'Rent', amount: 10.005 }] }, 'charges.0.amount'],
    ['an unknown charge code', { charges: [{ code: 'Jacuzzi', amount: 10 }] }, 'charges.0.code'],
    ['a unit of 21 characters', { unit: 'x'.repeat(21) }, 'unit'],
    ['a block flag of another type', { blockPayments: { TYPE_GOLD: { blocked: true } } }, 'blockPayments'],
  ];
  for (const [what, over, field] of invalid) {
    it(`refuses ${what} with a 400 naming ${field}`, async () => {
      const res = await call('POST', '/api/property_lease/create', manager, leaseBody(over));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors.map((f: { field: string }) => f.field)).toContain(field);
    });
  }

  it('answers in French for a French caller', async () => {
    const res = await call('POST', '/api/property_lease/create', manager, leaseBody({ endDate: '2026-01-01' }), 'fr');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[0].message).toMatch(/date de fin/i);
  });
});

describe('PATCH /property_lease/{id}/update and POST /property_lease/{id}/terminate', () => {
  it('changes only what is given, audited with from/to; the posted charges stay as they were', async () => {
    const res = await call('PATCH', `/api/property_lease/${DEMO_IDS.leaseActive}/update`, manager, {
      charges: [{ code: 'Rent', amount: 1900 }],
      monthlyPaymentDueDay: 5,
      tenantNotes: 'Parking spot 14',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ monthlyPaymentDueDay: 5, tenantNotes: 'Parking spot 14' });
    expect(res.json().charges).toEqual([{ code: 'Rent', name: 'Rent', amount: 1900 }]);
    const [event] = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, DEMO_IDS.leaseActive), eq(auditEvents.action, 'UPDATE')));
    expect(event.changes).toMatchObject({ monthlyPaymentDueDay: { to: 5 }, tenantNotes: { to: 'Parking spot 14' } });
    // the tenant's open charges (posted) are untouched
    const charges = await call('GET', `/api/property_lease/${DEMO_IDS.leaseActive}/details`, manager);
    expect(charges.json().openCharges.count).toBeGreaterThan(0);
  });

  it('404 for the other company (its own ids), 403 tenant, 401 without token, 400 on an end before the start', async () => {
    expect((await call('PATCH', `/api/property_lease/${DEMO_IDS.leaseActive}/update`, manager2, { unit: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('PATCH', `/api/property_lease/${DEMO_IDS.leasePending}/update`, manager, { unit: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('PATCH', `/api/property_lease/${DEMO_IDS.leaseUs}/update`, manager, { unit: 'x' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/property_lease/${DEMO_IDS.leaseActive}/update`, tenant, { unit: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call('PATCH', `/api/property_lease/${DEMO_IDS.leaseActive}/update`, null, { unit: 'x' })).statusCode).toBe(401);
    const lease = await newLease();
    const bad = await call('PATCH', `/api/property_lease/${lease.id}/update`, manager, { endDate: '2026-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors[0].field).toBe('endDate');
  });

  it('ends a lease: TERMINATED, its autopay stopped, open charges reported, then it refuses changes', async () => {
    const lease = await newLease(admin, { propertyId: DEMO_IDS.propertyCa });
    // a lease with a tenant and autopay: the demo's active lease, on a copy of its schedule
    const res = await call('POST', `/api/property_lease/${DEMO_IDS.leaseActive}/terminate`, manager, { endDate: '2026-12-31' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.lease).toMatchObject({ status: 'TERMINATED', endDate: '2026-12-31' });
    expect(body.lease.terminatedAt).toBeTruthy();
    expect(body.openCharges.count).toBeGreaterThan(0);
    const schedules = await app.ctx.db
      .select()
      .from(recurringSchedules)
      .where(eq(recurringSchedules.billingAccountId, DEMO_IDS.leaseActive));
    expect(schedules.every((s) => !s.active)).toBe(true);
    expect(body.schedulesDeactivated).toBe(schedules.length);
    const again = await call('PATCH', `/api/property_lease/${DEMO_IDS.leaseActive}/update`, manager, { unit: '9' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('RM_ERROR_RECORD_LOCKED');
    expect(
      (await call('POST', `/api/property_lease/${DEMO_IDS.leaseActive}/terminate`, manager, { endDate: '2026-12-31' }))
        .statusCode,
    ).toBe(409);
    const [event] = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, DEMO_IDS.leaseActive), eq(auditEvents.action, 'TERMINATE')));
    expect(event.changes).toMatchObject({ status: { from: 'ACTIVE', to: 'TERMINATED' } });
    // the other company and a tenant
    expect(
      (await call('POST', `/api/property_lease/${lease.id}/terminate`, manager2, { endDate: '2027-01-01' })).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/property_lease/${lease.id}/terminate`, tenant, { endDate: '2027-01-01' })).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/api/property_lease/${lease.id}/terminate`, null, { endDate: '2027-01-01' })).statusCode).toBe(
      401,
    );
    expect((await call('POST', `/api/property_lease/${lease.id}/terminate`, manager, { endDate: '2020-01-01' })).statusCode).toBe(
      400,
    );
  });
});

describe('invitations', () => {
  it('invites (mail in the invitee language, link for the manager), shows the offer, signs the tenant up onto the lease', async () => {
    const lease = await newLease();
    mails.length = 0;
    const inv = await invite(lease.id, 'noor.new@example.com', { languageCode: 'fr' });
    expect(inv.mailSent).toBe(true);
    expect(inv.invitation.state).toBe('PENDING');
    expect(inv.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await dispatchMail(app.ctx);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe('noor.new@example.com');
    expect(mails[0].subject).toMatch(/vous invite/);
    expect(mails[0].text).toContain(`/invite/${inv.token}`);
    // stored hashed only
    const [stored] = await app.ctx.db.select().from(leaseInvitations).where(eq(leaseInvitations.leaseId, lease.id));
    expect(stored.tokenHash).not.toContain(inv.token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const offer = await call('GET', `/api/lease_invitation/${inv.token}`, null);
    expect(offer.statusCode).toBe(200);
    expect(offer.json()).toMatchObject({
      companyName: 'Maple Leaf Property Management',
      propertyName: 'Harbourview Residences',
      unit: '1203',
      startDate: '2026-12-01',
      email: 'noor.new@example.com',
      charges: [
        { code: 'Rent', amount: 1850 },
        { code: 'parking', amount: 75.5 },
      ],
    });

    const accepted = await call('POST', `/api/lease_invitation/${inv.token}/accept`, null, signUp);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const token = accepted.json().access_token;
    expect(accepted.json().leaseId).toBe(lease.id);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const customer = await call('GET', `/api/customer/${claims.sessionRole.id}`, token);
    expect(customer.statusCode).toBe(200);
    const details = (await call('GET', `/api/property_lease/${lease.id}/details`, manager)).json();
    expect(details).toMatchObject({ status: 'ACTIVE', tenant: { email: 'noor.new@example.com', firstName: 'Noor' } });
    expect(details.invitation.state).toBe('ACCEPTED');
    // used: the same link answers the one invalid message, for viewing and accepting
    const reused = await call('POST', `/api/lease_invitation/${inv.token}/accept`, null, signUp);
    expect(reused.statusCode).toBe(404);
    expect((await call('GET', `/api/lease_invitation/${inv.token}`, null)).json().message).toMatch(/no longer valid/);
    // the lease now has its tenant: a new invitation is refused
    const more = await call('POST', `/api/property_lease/${lease.id}/invite`, manager, inviteBody('x@example.com'));
    expect(more.statusCode).toBe(409);
  });

  it('a new invitation revokes the previous one; revoke stops the link; unknown tokens look the same (en/fr)', async () => {
    const lease = await newLease();
    const first = await invite(lease.id, 'first@example.com');
    const second = await invite(lease.id, 'second@example.com');
    const old = await call('GET', `/api/lease_invitation/${first.token}`, null, undefined, 'fr');
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toMatch(/n’est plus valide/);
    const unknown = await call('GET', '/api/lease_invitation/not-a-real-token', null);
    expect(unknown.statusCode).toBe(404);
    const revoked = await call('POST', `/api/property_lease/${lease.id}/invite/revoke`, manager);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().invitation.state).toBe('REVOKED');
    const afterRevoke = await call('GET', `/api/lease_invitation/${second.token}`, null);
    expect(afterRevoke.statusCode).toBe(404);
    expect(afterRevoke.json().message).toBe(unknown.json().message);
    expect((await call('POST', `/api/property_lease/${lease.id}/invite/revoke`, manager)).statusCode).toBe(404);
    // role matrix
    expect((await call('POST', `/api/property_lease/${lease.id}/invite`, manager2, inviteBody('a@example.com'))).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/property_lease/${lease.id}/invite`, tenant, inviteBody('a@example.com'))).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/api/property_lease/${lease.id}/invite`, null, inviteBody('a@example.com'))).statusCode).toBe(
      401,
    );
    expect((await call('POST', `/api/property_lease/${lease.id}/invite/revoke`, manager2)).statusCode).toBe(404);
    const bad = await call('POST', `/api/property_lease/${lease.id}/invite`, manager, inviteBody('not-an-email'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors[0].field).toBe('email');
    const corporate = await call('POST', `/api/property_lease/${lease.id}/invite`, manager, inviteBody('manager2@demo.test'));
    expect(corporate.statusCode).toBe(400);
  });

  it('an expired link is refused like any other', async () => {
    const lease = await newLease();
    const inv = await invite(lease.id, 'late@example.com');
    await app.ctx.db
      .update(leaseInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(leaseInvitations.leaseId, lease.id));
    expect((await call('GET', `/api/lease_invitation/${inv.token}`, null)).statusCode).toBe(404);
    expect((await call('POST', `/api/lease_invitation/${inv.token}/accept`, null, signUp)).statusCode).toBe(404);
    const list = (await call('GET', `/api/admin/tenants?search=late%40example.com`, manager)).json();
    expect(list.records[0].invitation).toEqual({ email: 'late@example.com', state: 'EXPIRED' });
  });

  it('an existing account must sign in first; signed in with that e-mail it attaches; another e-mail is refused', async () => {
    const lease = await newLease();
    const inv = await invite(lease.id, 'TENANT@demo.test');
    const anonymous = await call('POST', `/api/lease_invitation/${inv.token}/accept`, null, signUp);
    expect(anonymous.statusCode).toBe(409);
    expect(anonymous.json().message).toMatch(/Sign in first/);
    const usTenant = await login(app, 'tenant.us@demo.test');
    const mismatch = await call('POST', `/api/lease_invitation/${inv.token}/accept`, usTenant, {});
    expect(mismatch.statusCode).toBe(403);
    const asManager = await call('POST', `/api/lease_invitation/${inv.token}/accept`, manager, {});
    expect(asManager.statusCode).toBe(403);
    const attached = await call('POST', `/api/lease_invitation/${inv.token}/accept`, tenant, {});
    expect(attached.statusCode, attached.body).toBe(201);
    const [row] = await app.ctx.db.select().from(propertyLeases).where(eq(propertyLeases.id, lease.id));
    expect(row).toMatchObject({ userId: DEMO_IDS.tenant, status: 'ACTIVE' });
  });

  it('validates the sign-up (names, password rules, confirmation) with the fields named', async () => {
    const lease = await newLease();
    const inv = await invite(lease.id, 'rules@example.com');
    const weak = await call('POST', `/api/lease_invitation/${inv.token}/accept`, null, {
      ...signUp,
      password: 'short',
      confirmPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors[0].field).toBe('password');
    const mismatch = await call('POST', `/api/lease_invitation/${inv.token}/accept`, null, {
      ...signUp,
      confirmPassword: 'Secret124',
    });
    expect(mismatch.json().fieldErrors[0].field).toBe('confirmPassword');
    const badPhone = await call('POST', `/api/lease_invitation/${inv.token}/accept`, null, { ...signUp, phone: '123' });
    expect(badPhone.json().fieldErrors[0].field).toBe('phone');
    const missing = await call('POST', `/api/lease_invitation/${inv.token}/accept`, null, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.map((f: { field: string }) => f.field)).toEqual([
      'firstName',
      'lastName',
      'phone',
      'password',
    ]);
    // still usable after refusals
    expect((await call('GET', `/api/lease_invitation/${inv.token}`, null)).statusCode).toBe(200);
  });

  it('two accepts at once: one wins, the other is refused and leaves no account', async () => {
    const lease = await newLease();
    const inv = await invite(lease.id, 'race@example.com');
    const [a, b] = await Promise.all([
      call('POST', `/api/lease_invitation/${inv.token}/accept`, null, signUp),
      call('POST', `/api/lease_invitation/${inv.token}/accept`, null, signUp),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 404]);
    const rows = (await app.ctx.db.execute(
      "SELECT count(*)::int AS n FROM customers WHERE lower(email) = 'race@example.com'",
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0].n).toBe(1);
  });
});

describe('notes', () => {
  it('newest first, manager and admin only, never for another company or a tenant', async () => {
    const url = `/api/property_lease/${DEMO_IDS.leaseActive}/notes`;
    expect((await call('POST', url, manager, { body: 'Called about the water leak' })).statusCode).toBe(201);
    const second = await call('POST', url, admin, { body: 'Leak fixed' });
    expect(second.statusCode).toBe(201);
    const list = await call('GET', url, manager);
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .records.map((n: { body: string }) => n.body)
        .slice(0, 2),
    ).toEqual(['Leak fixed', 'Called about the water leak']);
    expect(list.json().records[1].authorType).toBe('TYPE_MANAGER');
    expect((await call('POST', url, manager, { body: '   ' })).statusCode).toBe(400);
    expect((await call('GET', url, manager2)).statusCode).toBe(404);
    expect((await call('POST', url, manager2, { body: 'x' })).statusCode).toBe(404);
    expect((await call('GET', url, tenant)).statusCode).toBe(403);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    // not in the tenant's view of the lease
    const tenantView = await call('GET', `/api/property_lease/${DEMO_IDS.leaseActive}`, tenant);
    expect(tenantView.body).not.toContain('water leak');
  });
});

describe("a manager's documents", () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const upload = (leaseId: string, token: string | null) => {
    const boundary = '----lease-test';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="welcome.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return app.inject({
      method: 'POST',
      url: `/api/PROPERTY_LEASE/${leaseId}/upload`,
      headers: { ...(token ? auth(token) : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it('uploads to their lease (TYPE_MANAGER, the tenant sees it), downloads tenant documents, 404 elsewhere', async () => {
    const lease = DEMO_IDS.leaseTerminated; // Maple Leaf's, of the demo tenant
    const res = await upload(lease, manager);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id;
    const search = await call('POST', '/api/document/search', tenant, {
      conditions: [{ field: 'id', operator: 'EQUALS', value: id }],
    });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().records[0]).toMatchObject({ id, ownerType: 'TYPE_MANAGER' });
    expect((await call('GET', `/api/document/${id}/download`, tenant)).statusCode).toBe(200);
    // the tenant's own document on a Maple Leaf lease
    expect((await call('GET', `/api/document/${DEMO_IDS.docTenant}/download`, manager)).statusCode).toBe(200);
    expect((await call('GET', `/api/document/${DEMO_IDS.docTenant}/download`, manager2)).statusCode).toBe(404);
    expect((await call('GET', `/api/document/${DEMO_IDS.docUs}/download`, manager)).statusCode).toBe(404);
    expect((await upload(DEMO_IDS.leaseUs, manager)).statusCode).toBe(404);
    expect((await upload(lease, manager2)).statusCode).toBe(404);
    expect((await upload(lease, null)).statusCode).toBe(401);
    // a manager deletes managers' documents, not the tenant's own
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/document/${DEMO_IDS.docTenant}/delete`, headers: auth(manager) }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: `/api/document/${id}/delete`, headers: auth(manager2) })).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/document/${id}/delete`, headers: auth(manager) })).json().outcome,
    ).toBe('DELETED');
  });

  it('a lease without tenant yet refuses documents (409) until the invitation is accepted', async () => {
    const lease = await newLease();
    const res = await upload(lease.id, manager);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no tenant yet/);
  });
});

describe('GET /admin/tenants (the lease list)', () => {
  it('lists leases without tenant with their invitation, filters by property and status, scoped to the company', async () => {
    const lease = await newLease(manager, { unit: 'LIST-1' });
    await invite(lease.id, 'listed@example.com');
    const res = await call(
      'GET',
      `/api/admin/tenants?propertyId=${DEMO_IDS.propertyCa}&status=PENDING&recordsPerPage=400`,
      manager,
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().records.find((r: { leaseId: string }) => r.leaseId === lease.id);
    expect(row).toMatchObject({ customer: null, unit: 'LIST-1', invitation: { email: 'listed@example.com', state: 'PENDING' } });
    expect(res.json().records.every((r: { status: string }) => r.status === 'PENDING')).toBe(true);
    const other = await call('GET', `/api/admin/tenants?propertyId=${DEMO_IDS.propertyCa}`, manager2);
    expect(other.json().totalRecords).toBe(0);
    expect((await call('GET', '/api/admin/tenants?status=GONE', manager)).statusCode).toBe(400);
  });

  it('a property of 2,000 leases pages quickly', async () => {
    await app.ctx.db.execute(`INSERT INTO property_leases (status, unit, property_id, company_id, start_date, origin)
      SELECT 'ACTIVE', 'B' || g, '${DEMO_IDS.propertyCa}', '${DEMO_IDS.companyCa}', '2026-01-01', 'INVITATION'
      FROM generate_series(1, 2000) g`);
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      const res = await call(
        'GET',
        `/api/admin/tenants?propertyId=${DEMO_IDS.propertyCa}&page=${1 + (i % 5)}&recordsPerPage=50`,
        manager,
      );
      times.push(performance.now() - t);
      expect(res.statusCode).toBe(200);
      expect(res.json().totalRecords).toBeGreaterThan(2000);
    }
    times.sort((a, b) => a - b);
    // p99 under 50 ms is the bench's figure (npm run bench); in-memory under test load, a generous bound on the median
    expect(times[15]).toBeLessThan(200);
  });
});

describe('the public invitation calls are rate-limited like sign-up', () => {
  it('answers 429 with Retry-After past the limit per address', async () => {
    const limited = await buildTestApp({ config: { signupRateLimit: { max: 2, timeWindowMs: 600_000 } } });
    try {
      const accept = () => limited.inject({ method: 'POST', url: '/api/lease_invitation/unknown-token/accept', payload: signUp });
      expect((await accept()).statusCode).toBe(404);
      expect((await accept()).statusCode).toBe(404);
      const third = await accept();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeTruthy();
      // viewing a link gets six times as many
      const views = await Promise.all(
        Array.from({ length: 12 }, () => limited.inject({ method: 'GET', url: '/api/lease_invitation/unknown-token' })),
      );
      expect(views.every((v) => v.statusCode === 404)).toBe(true);
      expect((await limited.inject({ method: 'GET', url: '/api/lease_invitation/unknown-token' })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
