// Issue 11 manager decisions (admin routes until the manager console exists): approve (the lease, PENDING until its
// start date, then activated by the job), decline, 409 on a second decision, self sign-up leases waiting for approval,
// tenants refused, and the tenant's notices in English and French.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, leaseApplications, propertyLeases } from '../src/db/schema.ts';
import { runJobs } from '../src/jobs/run-jobs.ts';
import { renderNotification } from '../src/services/notifications/render-notification.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let admin: string;

beforeAll(async () => {
  ({ app, tenant, admin } = await signedInApp());
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, token: string, payload: object = {}, lang = 'en') =>
  app.inject({ method: 'POST', url, headers: { ...auth(token), 'accept-language': lang }, payload });
const get = (url: string, token: string, lang = 'en') =>
  app.inject({ method: 'GET', url, headers: { ...auth(token), 'accept-language': lang } });

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const daysFromNow = (n: number) => new Date(app.ctx.now().getTime() + n * 86_400_000);

async function pendingApplication(): Promise<string> {
  const [row] = await app.ctx.db
    .insert(leaseApplications)
    .values({
      status: 'PENDING',
      customerId: DEMO_IDS.tenant,
      pageName: 'harbourview',
      propertyId: DEMO_IDS.propertyCa,
      companyId: DEMO_IDS.companyCa,
      firstName: 'Camille',
      lastName: 'Tremblay',
      email: 'tenant@demo.test',
      submittedAt: app.ctx.now().toISOString(),
    })
    .returning({ id: leaseApplications.id });
  return row.id;
}

async function selfSignupLease(): Promise<string> {
  const [row] = await app.ctx.db
    .insert(propertyLeases)
    .values({
      status: 'PENDING',
      unit: '301',
      userId: DEMO_IDS.tenant,
      propertyId: DEMO_IDS.propertyCa2,
      companyId: DEMO_IDS.companyCa2, // the property's company (manager-only payments)
      accountId: 'ACC-301',
      residencyType: 'RENT',
      startDate: ymd(daysFromNow(5)),
      origin: 'SELF_SIGNUP',
    })
    .returning({ id: propertyLeases.id });
  return row.id;
}

async function notices(lang: 'en' | 'fr') {
  const res = await get('/api/notifications?recordsPerPage=50', tenant, lang);
  expect(res.statusCode).toBe(200);
  return res.json().records as { kind: string; title: string; body: string }[];
}

describe('admin routes refuse tenants', () => {
  it('answers 403 to a tenant on every decision route', async () => {
    const id = DEMO_IDS.appPending;
    for (const res of [
      await get('/api/admin/lease_applications?status=PENDING', tenant),
      await post(`/api/admin/lease_applications/${id}/approve`, tenant, { startDate: '2030-01-01' }),
      await post(`/api/admin/lease_applications/${id}/decline`, tenant),
      await get('/api/admin/pending_leases', tenant),
      await post(`/api/admin/property_leases/${DEMO_IDS.leasePending}/approve`, tenant),
      await post(`/api/admin/property_leases/${DEMO_IDS.leasePending}/decline`, tenant),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('RM_ERROR_FORBIDDEN');
    }
    const app0 = await app.ctx.db.select().from(leaseApplications).where(eq(leaseApplications.id, id));
    expect(app0[0].status).toBe('PENDING');
  });
});

describe('lease application decisions', () => {
  it('lists the submitted applications with their applicant', async () => {
    const res = await get('/api/admin/lease_applications?status=PENDING&page=1&recordsPerPage=50', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const demo = body.records.find((r: { id: string }) => r.id === DEMO_IDS.appPending);
    expect(demo).toMatchObject({
      status: 'PENDING',
      customer: { id: DEMO_IDS.tenant, email: 'tenant@demo.test' },
      joins: { property: { id: DEMO_IDS.propertyCaOld } },
    });
    expect(demo.joins.screenings).toHaveLength(2);
    expect(body.records.every((r: { status: string }) => r.status === 'PENDING')).toBe(true);
    expect(body).toMatchObject({ page: 1, totalRecords: body.records.length });
  });

  it('approves: the lease is PENDING until its start date, when the job activates it; the tenant is told', async () => {
    const id = await pendingApplication();
    const start = daysFromNow(10);
    const res = await post(`/api/admin/lease_applications/${id}/approve`, admin, {
      unit: '7B',
      startDate: ymd(start),
      endDate: ymd(daysFromNow(375)),
      monthlyPaymentDueDay: 5,
      rentAmount: 1850.5,
      comment: 'Welcome!',
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ id, status: 'APPROVED', decisionComment: 'Welcome!' });
    expect(answer.leaseId).toBeTruthy();
    const [lease] = await app.ctx.db.select().from(propertyLeases).where(eq(propertyLeases.id, answer.leaseId));
    expect(lease).toMatchObject({
      status: 'PENDING',
      origin: 'APPLICATION',
      applicationId: id,
      unit: '7B',
      userId: DEMO_IDS.tenant,
      propertyId: DEMO_IDS.propertyCa,
      companyId: DEMO_IDS.companyCa,
      monthlyPaymentDueDay: 5,
      charges: [{ code: 'Rent', name: 'Rent', amount: 185_050 }],
      startDate: ymd(start),
    });
    expect(lease.approvedAt).toBeTruthy();
    const [row] = await app.ctx.db.select().from(leaseApplications).where(eq(leaseApplications.id, id));
    expect(row).toMatchObject({ decidedBy: DEMO_IDS.admin, leaseId: lease.id });
    const audit = await app.ctx.db.select().from(auditEvents).where(eq(auditEvents.recordId, id));
    expect(audit.map((a) => a.action)).toContain('APPROVE');

    // the day before: still PENDING; on the start date: ACTIVE
    const before = await runJobs(app.ctx, { now: new Date(`${ymd(daysFromNow(9))}T12:00:00Z`) });
    expect(before.leasesActivated.ids).not.toContain(lease.id);
    const on = await runJobs(app.ctx, { now: new Date(`${ymd(start)}T00:30:00Z`) });
    expect(on.leasesActivated.ids).toContain(lease.id);
    const [after] = await app.ctx.db.select().from(propertyLeases).where(eq(propertyLeases.id, lease.id));
    expect(after.status).toBe('ACTIVE');

    const en = (await notices('en')).find((n) => n.kind === 'APPLICATION_APPROVED');
    expect(en?.title).toBe('Application approved');
    expect(en?.body).toContain('Your rental application for Harbourview Residences was approved.');
    expect(en?.body).toContain(', unit 7B');
    expect(en?.body).toContain('Welcome!');
    const fr = (await notices('fr')).find((n) => n.kind === 'APPLICATION_APPROVED');
    expect(fr?.title).toBe('Demande de location approuvée');
    expect(fr?.body).toContain('logement 7B');
  });

  it('approves with a start date already come: the lease is ACTIVE at once, no rent charge without a rent', async () => {
    const id = await pendingApplication();
    const res = await post(`/api/admin/lease_applications/${id}/approve`, admin, { startDate: ymd(app.ctx.now()) });
    expect(res.statusCode).toBe(200);
    const [lease] = await app.ctx.db.select().from(propertyLeases).where(eq(propertyLeases.id, res.json().leaseId));
    expect(lease).toMatchObject({ status: 'ACTIVE', charges: [], monthlyPaymentDueDay: 1, unit: null });
  });

  it('refuses a second decision with 409 RM_ERROR_APPLICATION_LOCKED (approve twice, decline after approve)', async () => {
    const id = await pendingApplication();
    const body = { startDate: ymd(daysFromNow(3)) };
    const [a, b] = await Promise.all([
      post(`/api/admin/lease_applications/${id}/approve`, admin, body),
      post(`/api/admin/lease_applications/${id}/approve`, admin, body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const again = await post(`/api/admin/lease_applications/${id}/decline`, admin, {}, 'fr');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'RM_ERROR_APPLICATION_LOCKED' });
    expect(again.json().message).toMatch(/^Seule une demande envoyée/);
    const leases = await app.ctx.db.select().from(propertyLeases).where(eq(propertyLeases.applicationId, id));
    expect(leases).toHaveLength(1);
    // a draft cannot be decided either
    const draft = await post(`/api/admin/lease_applications/${DEMO_IDS.appInProgress}/approve`, admin, body);
    expect(draft.statusCode).toBe(409);
  });

  it('declines and tells the tenant', async () => {
    const id = await pendingApplication();
    const res = await post(`/api/admin/lease_applications/${id}/decline`, admin, { comment: 'Unit no longer available.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'DECLINED', decisionComment: 'Unit no longer available.', leaseId: null });
    const en = (await notices('en')).find((n) => n.kind === 'APPLICATION_DECLINED');
    expect(en?.title).toBe('Application declined');
    expect(en?.body).toBe(
      'Your rental application for Harbourview Residences was declined. Note from your property manager: Unit no longer available.',
    );
    const fr = (await notices('fr')).find((n) => n.kind === 'APPLICATION_DECLINED');
    expect(fr?.body).toBe(
      'Votre demande de location pour Harbourview Residences a été refusée. Note de votre gestionnaire\u202f: Unit no longer available.',
    );
  });

  it('checks the approval’s fields and the application id', async () => {
    const id = await pendingApplication();
    const bad = async (payload: object) => (await post(`/api/admin/lease_applications/${id}/approve`, admin, payload)).statusCode;
    expect(await bad({})).toBe(400);
    expect(await bad({ startDate: '2026-02-30' })).toBe(400);
    expect(await bad({ startDate: '2030-01-10', endDate: '2030-01-01' })).toBe(400);
    expect(await bad({ startDate: '2030-01-10', monthlyPaymentDueDay: 32 })).toBe(400);
    expect(await bad({ startDate: '2030-01-10', rentAmount: 10.005 })).toBe(400);
    const unknown = await post('/api/admin/lease_applications/unknown-id/approve', admin, { startDate: '2030-01-10' });
    expect(unknown.statusCode).toBe(404);
    const [row] = await app.ctx.db.select().from(leaseApplications).where(eq(leaseApplications.id, id));
    expect(row.status).toBe('PENDING');
  });
});

describe('self sign-up leases waiting for approval', () => {
  it('lists, approves (ACTIVE) and declines (TERMINATED) them; a second decision is 409', async () => {
    const first = await selfSignupLease();
    const second = await selfSignupLease();
    const list = await get('/api/admin/pending_leases?page=1&recordsPerPage=100', admin);
    expect(list.statusCode).toBe(200);
    const ids = list.json().records.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([first, second]));
    // the demo's pending lease came from an approved application: not waiting for approval
    expect(ids).not.toContain(DEMO_IDS.leasePending);
    expect(list.json().records.find((r: { id: string }) => r.id === first)).toMatchObject({
      origin: 'SELF_SIGNUP',
      unit: '301',
      accountId: 'ACC-301',
      customer: { id: DEMO_IDS.tenant },
      property: { id: DEMO_IDS.propertyCa2 },
    });

    const ok = await post(`/api/admin/property_leases/${first}/approve`, admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: first, status: 'ACTIVE' });
    const [approved] = await app.ctx.db.select().from(propertyLeases).where(eq(propertyLeases.id, first));
    expect(approved.approvedAt).toBeTruthy();
    const twice = await post(`/api/admin/property_leases/${first}/approve`, admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorCode).toBe('RM_ERROR_RECORD_LOCKED');

    const no = await post(`/api/admin/property_leases/${second}/decline`, admin, { comment: 'Not our tenant.' });
    expect(no.json()).toEqual({ id: second, status: 'TERMINATED' });
    expect((await post(`/api/admin/property_leases/${second}/approve`, admin)).statusCode).toBe(409);
    expect((await post(`/api/admin/property_leases/${DEMO_IDS.leaseActive}/approve`, admin)).statusCode).toBe(409);
    expect((await post('/api/admin/property_leases/nope/approve', admin)).statusCode).toBe(404);

    const en = await notices('en');
    // issue 21 §1: Lakeside Townhomes' company takes payments only through the manager (the lease card says so too)
    expect(en.find((n) => n.kind === 'LEASE_APPROVED')?.body).toBe(
      'Your property manager approved your lease at Lakeside Townhomes, unit 301. Your property manager takes the payments for this lease. Please contact them to pay.',
    );
    expect(en.find((n) => n.kind === 'LEASE_DECLINED')?.title).toBe('Lease not approved');
    const fr = await notices('fr');
    expect(fr.find((n) => n.kind === 'LEASE_DECLINED')?.body).toBe(
      'Votre gestionnaire n’a pas approuvé votre bail à Lakeside Townhomes, logement 301. Note de votre gestionnaire\u202f: Not our tenant.',
    );
  });
});

describe('notice texts', () => {
  it('renders every issue-11 notice in English and French, with or without a property name', () => {
    for (const kind of [
      'APPLICATION_SUBMITTED',
      'APPLICATION_APPROVED',
      'APPLICATION_DECLINED',
      'LEASE_APPROVED',
      'LEASE_DECLINED',
    ] as const) {
      for (const lang of ['en', 'fr'] as const) {
        const r = renderNotification(kind, { propertyName: null, date: '2026-12-01' }, lang);
        expect(r.title).not.toMatch(/server\.|\{\{/);
        expect(r.body).not.toMatch(/server\.|\{\{/);
        expect(r.body).toContain(lang === 'en' ? 'your property' : 'votre propriété');
      }
    }
    expect(renderNotification('LEASE_APPROVED', { propertyName: 'Harbourview', payable: true }, 'en').body).toBe(
      'Your property manager approved your lease at Harbourview. You can now pay for it in the portal.',
    );
    expect(renderNotification('LEASE_APPROVED', { propertyName: 'Harbourview', payable: false }, 'fr').body).toBe(
      'Votre gestionnaire a approuvé votre bail à Harbourview. Votre gestionnaire immobilier perçoit lui-même les paiements de ce bail. Veuillez communiquer avec lui pour payer.',
    );
    expect(renderNotification('APPLICATION_APPROVED', { propertyName: 'Harbourview', date: '2026-12-01' }, 'fr').body).toBe(
      'Votre demande de location pour Harbourview a été approuvée. Votre bail commence le 01-déc-2026.',
    );
  });
});
