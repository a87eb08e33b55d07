// Issue 23: the approvals inbox for managers (their company's items) and the provider's admin (all): lease applications
// with their screening reports, self sign-up leases waiting for approval, uploaded insurance policies; the counts; every
// decision audited with its actor. The role matrix of every call: admin all, manager their company, the other company's
// manager 404 with those ids, tenant 403, no token 401. Also the manager's "View as tenant" (spec 1 §6) and the corporate
// user's console language (GET /corporateUser/{id}, PATCH /corporateUser/{id}/update).
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, incomeVerifications, insurancePolicies, leaseApplications, propertyLeases } from '../src/db/schema.ts';
import { INSURANCE_DEMO_IDS } from '../src/db/seed-insurance.ts';
import { auth, DEMO_IDS, login, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let admin: string;
let manager: string; // Maple Leaf (companyCa)
let manager2: string; // Okanagan Rentals (companyCa2)

beforeAll(async () => {
  ({ app, tenant, admin } = await signedInApp());
  [manager, manager2] = await Promise.all([login(app, 'manager@demo.test'), login(app, 'manager2@demo.test')]);
});
afterAll(async () => {
  await app.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token: string | null, payload?: object, lang = 'en') =>
  app.inject({
    method,
    url,
    headers: { ...(token ? auth(token) : {}), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });
const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

async function pendingApplication(companyId: string, propertyId: string): Promise<string> {
  const [row] = await app.ctx.db
    .insert(leaseApplications)
    .values({
      status: 'PENDING',
      customerId: DEMO_IDS.tenant,
      pageName: 'harbourview',
      propertyId,
      companyId,
      firstName: 'Camille',
      lastName: 'Tremblay',
      email: 'tenant@demo.test',
      submittedAt: app.ctx.now().toISOString(),
    })
    .returning({ id: leaseApplications.id });
  return row.id;
}

async function selfSignupLease(companyId: string, propertyId: string): Promise<string> {
  const [row] = await app.ctx.db
    .insert(propertyLeases)
    .values({
      status: 'PENDING',
      unit: `U-${randomUUID().slice(0, 4)}`,
      userId: DEMO_IDS.tenant,
      propertyId,
      companyId,
      residencyType: 'RENT',
      startDate: '2030-01-01',
      origin: 'SELF_SIGNUP',
    })
    .returning({ id: propertyLeases.id });
  return row.id;
}

const lastAudit = async (recordId: string) => {
  const [event] = await app.ctx.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.recordId, recordId))
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  return event;
};

const ids = (res: { json: () => { records: { id?: string; policy?: { id: string } }[] } }) =>
  res.json().records.map((r) => r.policy?.id ?? r.id);

describe('the inbox counts', () => {
  it('counts each kind within the caller’s company (admin: all); tenant 403, no token 401', async () => {
    const leaseId = await selfSignupLease(DEMO_IDS.companyCa2, DEMO_IDS.propertyCa2);
    const counts = async (token: string) => {
      const res = await call('GET', '/api/admin/inbox/counts', token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { applications: number; pendingLeases: number; insurancePolicies: number };
    };
    const all = await counts(admin);
    const maple = await counts(manager);
    const okanagan = await counts(manager2);
    // the demo's pending application and pending policy are Maple Leaf's; the new self sign-up lease Okanagan's
    expect(maple.applications).toBeGreaterThanOrEqual(1);
    expect(maple.insurancePolicies).toBeGreaterThanOrEqual(1);
    expect(okanagan).toMatchObject({ applications: 0, insurancePolicies: 0 });
    expect(okanagan.pendingLeases).toBeGreaterThanOrEqual(1);
    expect(all.applications).toBe(maple.applications + okanagan.applications);
    expect(all.pendingLeases).toBeGreaterThanOrEqual(maple.pendingLeases + okanagan.pendingLeases);
    expect((await call('GET', '/api/admin/inbox/counts', tenant)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/inbox/counts', null)).statusCode).toBe(401);
    await app.ctx.db.delete(propertyLeases).where(eq(propertyLeases.id, leaseId));
  });
});

describe('lease applications in the inbox', () => {
  it('lists the company’s applications to a manager, all to the admin', async () => {
    const okanagan = await pendingApplication(DEMO_IDS.companyCa2, DEMO_IDS.propertyCa2);
    const url = '/api/admin/lease_applications?status=PENDING&recordsPerPage=100';
    const byAdmin = ids(await call('GET', url, admin));
    expect(byAdmin).toEqual(expect.arrayContaining([DEMO_IDS.appPending, okanagan]));
    const byManager = ids(await call('GET', url, manager));
    expect(byManager).toContain(DEMO_IDS.appPending);
    expect(byManager).not.toContain(okanagan);
    const byManager2 = ids(await call('GET', url, manager2));
    expect(byManager2).toContain(okanagan);
    expect(byManager2).not.toContain(DEMO_IDS.appPending);
    expect((await call('GET', url, tenant)).statusCode).toBe(403);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    await call('POST', `/api/admin/lease_applications/${okanagan}/decline`, admin, {});
  });

  it('shows the screening reports to the company’s manager; another company’s manager gets 404', async () => {
    const details = `/api/screening/${DEMO_IDS.appPending}/details?type=CREDIT`;
    const mine = await call('GET', details, manager);
    // the demo's screening is there (answered or not): never "not found" for the company's manager
    expect(mine.json().errorCode).not.toBe('RM_ERROR_RECORD_NOT_FOUND');
    expect([200, 404]).toContain(mine.statusCode);
    const theirs = await call('GET', details, manager2);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
    const report = await call('GET', `/api/screening/${DEMO_IDS.appPending}/report?type=CREDIT`, manager2);
    expect(report.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
    const [income] = await app.ctx.db
      .select({ id: incomeVerifications.id })
      .from(incomeVerifications)
      .where(eq(incomeVerifications.applicationId, DEMO_IDS.appPending));
    if (income) {
      const url = `/api/income_verification/${income.id}/report`;
      expect((await call('GET', url, manager2)).json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
      const mine = await call('GET', url, manager);
      // the report (PDF), or "not available yet": never "not found" for the company's manager
      if (mine.statusCode !== 200) expect(mine.json().errorCode).toBe('RM_ERROR_REPORT_NOT_AVAILABLE');
      else expect(mine.headers['content-type']).toBe('application/pdf');
    }
    expect((await call('GET', details, null)).statusCode).toBe(401);
  });

  it('a manager approves their company’s application (audited as the manager); the other company’s manager gets 404', async () => {
    const id = await pendingApplication(DEMO_IDS.companyCa, DEMO_IDS.propertyCa);
    const approve = `/api/admin/lease_applications/${id}/approve`;
    const body = { startDate: '2030-02-01', unit: '12', rentAmount: 1500 };
    const foreign = await call('POST', approve, manager2, body);
    expect(foreign.statusCode).toBe(404);
    expect((await call('POST', `/api/admin/lease_applications/${id}/decline`, manager2, {})).statusCode).toBe(404);
    expect((await call('POST', approve, tenant, body)).statusCode).toBe(403);
    expect((await call('POST', approve, null, body)).statusCode).toBe(401);
    const [still] = await app.ctx.db.select().from(leaseApplications).where(eq(leaseApplications.id, id));
    expect(still.status).toBe('PENDING');
    const ok = await call('POST', approve, manager, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('APPROVED');
    const [decided] = await app.ctx.db.select().from(leaseApplications).where(eq(leaseApplications.id, id));
    expect(decided.decidedBy).toBe(DEMO_IDS.manager);
    const events = await app.ctx.db.select().from(auditEvents).where(eq(auditEvents.recordId, id));
    expect(events.some((e) => e.actorId === DEMO_IDS.manager && e.actorType === 'TYPE_MANAGER')).toBe(true);
  });

  it('the admin declines any company’s application (audited as the admin)', async () => {
    const id = await pendingApplication(DEMO_IDS.companyCa2, DEMO_IDS.propertyCa2);
    const res = await call('POST', `/api/admin/lease_applications/${id}/decline`, admin, { comment: 'Full' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('DECLINED');
    const events = await app.ctx.db.select().from(auditEvents).where(eq(auditEvents.recordId, id));
    expect(events.some((e) => e.actorId === DEMO_IDS.admin && e.actorType === 'TYPE_ADMIN')).toBe(true);
  });
});

describe('self sign-up leases in the inbox', () => {
  it('lists and decides within the company; the other company’s manager gets 404, tenant 403, no token 401', async () => {
    const okanagan = await selfSignupLease(DEMO_IDS.companyCa2, DEMO_IDS.propertyCa2);
    const maple = await selfSignupLease(DEMO_IDS.companyCa, DEMO_IDS.propertyCa);
    const list = '/api/admin/pending_leases?recordsPerPage=100';
    expect(ids(await call('GET', list, admin))).toEqual(expect.arrayContaining([okanagan, maple]));
    const mine = ids(await call('GET', list, manager2));
    expect(mine).toContain(okanagan);
    expect(mine).not.toContain(maple);
    expect((await call('GET', list, tenant)).statusCode).toBe(403);
    expect((await call('GET', list, null)).statusCode).toBe(401);

    for (const decision of ['approve', 'decline']) {
      expect((await call('POST', `/api/admin/property_leases/${maple}/${decision}`, manager2, {})).statusCode).toBe(404);
      expect((await call('POST', `/api/admin/property_leases/${okanagan}/${decision}`, tenant, {})).statusCode).toBe(403);
      expect((await call('POST', `/api/admin/property_leases/${okanagan}/${decision}`, null, {})).statusCode).toBe(401);
    }
    const ok = await call('POST', `/api/admin/property_leases/${okanagan}/approve`, manager2, {}, 'fr');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ id: okanagan, status: 'ACTIVE' });
    expect(await lastAudit(okanagan)).toMatchObject({
      action: 'APPROVE',
      actorId: DEMO_IDS.manager2,
      actorType: 'TYPE_MANAGER',
    });
    const byAdmin = await call('POST', `/api/admin/property_leases/${maple}/decline`, admin, {});
    expect(byAdmin.json()).toEqual({ id: maple, status: 'TERMINATED' });
    expect(await lastAudit(maple)).toMatchObject({ action: 'DECLINE', actorId: DEMO_IDS.admin, actorType: 'TYPE_ADMIN' });
  });
});

describe('insurance policies in the inbox', () => {
  it('lists and reviews through the policy’s lease company; the other company’s manager gets 404', async () => {
    const policyId = INSURANCE_DEMO_IDS.policyPending; // on the Maple Leaf lease
    const list = '/api/admin/insurance_policies?status=PENDING&recordsPerPage=100';
    expect(ids(await call('GET', list, admin))).toContain(policyId);
    expect(ids(await call('GET', list, manager))).toContain(policyId);
    expect(ids(await call('GET', list, manager2))).not.toContain(policyId);
    expect((await call('GET', list, tenant)).statusCode).toBe(403);
    expect((await call('GET', list, null)).statusCode).toBe(401);

    const review = `/api/admin/insurance_policies/${policyId}/review`;
    const foreign = await call('POST', review, manager2, { approvalStatus: 'APPROVED' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
    expect((await call('POST', review, tenant, { approvalStatus: 'APPROVED' })).statusCode).toBe(403);
    expect((await call('POST', review, null, { approvalStatus: 'APPROVED' })).statusCode).toBe(401);
    const [untouched] = await app.ctx.db.select().from(insurancePolicies).where(eq(insurancePolicies.id, policyId));
    expect(untouched.approvalStatus).toBe('PENDING');

    const ok = await call('POST', review, manager, { approvalStatus: 'APPROVED', comment: 'Liability covered.' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: policyId, approvalStatus: 'APPROVED' });
    const [stored] = await app.ctx.db.select().from(insurancePolicies).where(eq(insurancePolicies.id, policyId));
    expect(stored.reviewedBy).toBe(DEMO_IDS.manager);
    expect(await lastAudit(policyId)).toMatchObject({
      action: 'REVIEW',
      actorId: DEMO_IDS.manager,
      actorType: 'TYPE_MANAGER',
    });
  });
});

describe("the manager's View as tenant (spec 1 §6, §4 Mimic mode)", () => {
  const mimic = (token: string, leaseId: string) => call('POST', '/api/admin/mimic', token, { leaseId });

  it("acts as their own company's tenant only; what they do is recorded as theirs", async () => {
    const own = await login(app, 'manager@demo.test');
    expect((await mimic(own, DEMO_IDS.leaseUs)).statusCode).toBe(404);
    expect((await mimic(own, DEMO_IDS.leasePending)).statusCode).toBe(404); // Okanagan's lease
    const started = await mimic(own, DEMO_IDS.leaseActive);
    expect(started.statusCode, started.body).toBe(200);
    const token = started.json().access_token as string;
    expect(decode(token).mimic).toMatchObject({ adminId: DEMO_IDS.manager, adminType: 'TYPE_MANAGER' });
    expect((await call('GET', '/api/admin/tenants', token)).statusCode).toBe(403); // the session is the tenant's

    const paid = await app.inject({
      method: 'POST',
      url: '/api/processpayment',
      headers: { ...auth(token), 'idempotency-key': randomUUID(), 'x-act-as-tenant': 'confirmed' },
      payload: {
        billingAccountId: DEMO_IDS.leaseActive,
        billingAccountType: 'TYPE_PROPERTY_LEASE',
        paymentMethodId: DEMO_IDS.cardVisa,
        paymentMethodType: 'TYPE_CREDIT_CARD',
        amount: 12,
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const { rows } = await app.ctx.database.raw('SELECT acted_by, user_id FROM payment_transactions WHERE id = $1', [
      paid.json().id,
    ]);
    expect(rows[0]).toEqual({ acted_by: DEMO_IDS.manager, user_id: DEMO_IDS.tenant });
    const [payEvent] = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, paid.json().id), eq(auditEvents.action, 'PAYMENT_AS_TENANT')));
    expect(payEvent).toMatchObject({ actorId: DEMO_IDS.manager, actorType: 'TYPE_MANAGER' });

    // a profile change while viewing as the tenant: audited under the manager's name and type
    const changed = await call('PATCH', `/api/customer/${DEMO_IDS.tenant}/update`, token, { languageCode: 'fr' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await lastAudit(DEMO_IDS.tenant)).toMatchObject({ actorId: DEMO_IDS.manager, actorType: 'TYPE_MANAGER' });
    await call('PATCH', `/api/customer/${DEMO_IDS.tenant}/update`, token, { languageCode: 'en' });
    const [start] = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, DEMO_IDS.leaseActive), eq(auditEvents.action, 'MIMIC_START')))
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(start).toMatchObject({ actorId: DEMO_IDS.manager, actorType: 'TYPE_MANAGER' });
  });

  it("stopping gives the manager's own session back, with their company", async () => {
    const own = await login(app, 'manager@demo.test');
    const token = (await mimic(own, DEMO_IDS.leaseActive)).json().access_token as string;
    const back = await call('GET', '/api/refreshtoken?stopMimic=true', token);
    expect(back.statusCode, back.body).toBe(200);
    const claims = decode(back.json().access_token);
    expect(claims.sessionRole).toMatchObject({ id: DEMO_IDS.manager, type: 'TYPE_MANAGER', companyId: DEMO_IDS.companyCa });
    expect(claims.mimic).toBeUndefined();
    expect(claims.sid).toBe(decode(own).sid);
    // the mimic session is over; the manager's console works again with the new token
    expect((await call('GET', `/api/customer/${DEMO_IDS.tenant}`, token)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/tenants', back.json().access_token)).statusCode).toBe(200);
  });

  it("ends with the manager's session (sign-out)", async () => {
    const own = await login(app, 'manager@demo.test');
    const token = (await mimic(own, DEMO_IDS.leaseActive)).json().access_token as string;
    expect((await call('GET', `/api/customer/${DEMO_IDS.tenant}`, token)).statusCode).toBe(200);
    expect((await call('POST', '/api/logout', own)).statusCode).toBeLessThan(300);
    expect((await call('GET', `/api/customer/${DEMO_IDS.tenant}`, token)).statusCode).toBe(401);
  });
});

describe('the console language of a corporate user (GET /corporateUser/{id}, PATCH /corporateUser/{id}/update)', () => {
  it('answers languageCode to oneself and the admin; another manager or a tenant gets 404, no token 401', async () => {
    const own = await call('GET', `/api/corporateUser/${DEMO_IDS.manager2}`, manager2);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: DEMO_IDS.manager2, email: 'manager2@demo.test', languageCode: 'fr' });
    expect((await call('GET', `/api/corporateUser/${DEMO_IDS.manager2}`, admin)).json().languageCode).toBe('fr');
    expect((await call('GET', `/api/corporateUser/${DEMO_IDS.manager2}`, manager)).statusCode).toBe(404);
    expect((await call('GET', `/api/corporateUser/${DEMO_IDS.manager2}`, tenant)).statusCode).toBe(404);
    expect((await call('GET', `/api/corporateUser/${DEMO_IDS.manager2}`, null)).statusCode).toBe(401);
  });

  it('sets one’s own language (audited), kept for the next sign-in; nobody sets another’s', async () => {
    const url = `/api/corporateUser/${DEMO_IDS.manager}/update`;
    const res = await call('PATCH', url, manager, { languageCode: 'fr' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: DEMO_IDS.manager, languageCode: 'fr' });
    expect(await lastAudit(DEMO_IDS.manager)).toMatchObject({
      recordType: 'corporate_user',
      action: 'UPDATE',
      actorId: DEMO_IDS.manager,
      changes: { languageCode: { from: 'en', to: 'fr' } },
    });
    const again = await login(app, 'manager@demo.test');
    expect((await call('GET', `/api/corporateUser/${DEMO_IDS.manager}`, again)).json().languageCode).toBe('fr');

    expect((await call('PATCH', url, manager2, { languageCode: 'en' })).statusCode).toBe(404);
    expect((await call('PATCH', url, admin, { languageCode: 'en' })).statusCode).toBe(404);
    expect((await call('PATCH', url, tenant, { languageCode: 'en' })).statusCode).toBe(404);
    expect((await call('PATCH', url, null, { languageCode: 'en' })).statusCode).toBe(401);
    const bad = await call('PATCH', url, manager, { languageCode: 'de' }, 'fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.map((f: { field: string }) => f.field)).toEqual(['languageCode']);
    expect((await call('PATCH', url, manager, { languageCode: 'en' })).json().languageCode).toBe('en');
  });
});
