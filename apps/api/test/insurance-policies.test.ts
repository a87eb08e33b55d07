// Tenant-uploaded insurance policies (issue 22 "Insurance"; spec 2 §4, §5, §7, §8; docs/api-contract.md "Insurance"):
// create through POST /create, proof upload and download, update, terminate, search, and the admin's review.
import { randomUUID } from 'node:crypto';
import { insurancePolicyRecordSchema } from '@portal/domain/insurance-shapes';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, companies, insurancePolicies, notifications, propertyLeases } from '../src/db/schema.ts';
import { tinyPng } from '../src/db/seed.ts';
import { INSURANCE_DEMO_IDS } from '../src/db/seed-insurance.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
let admin: string;

beforeAll(async () => {
  ({ app, tenant, tenantUs, admin } = await signedInApp());
});
afterAll(() => app.close());

const PNG = tinyPng();

function policyBody(overrides: Record<string, unknown> = {}) {
  return {
    type: 'TYPE_INSURANCE_POLICY',
    leaseId: DEMO_IDS.leaseActive,
    carrierName: 'Northern Shield',
    firstName: 'Camille',
    lastName: 'Tremblay',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    effectiveDate: '2026-01-15',
    policyIdentifier: `NS-${randomUUID().slice(0, 8)}`,
    ...overrides,
  };
}

const create = (token: string, body: Record<string, unknown>, lang = 'en') =>
  app.inject({ method: 'POST', url: '/api/create', headers: { ...auth(token), 'accept-language': lang }, payload: body });

const patch = (token: string, id: string, body: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: `/api/INSURANCE_POLICY/${id}/update`, headers: auth(token), payload: body });

const terminate = (token: string, id: string, lang = 'en') =>
  app.inject({
    method: 'POST',
    url: `/api/insurance_policy/${id}/terminate`,
    headers: { ...auth(token), 'accept-language': lang },
  });

const review = (token: string, id: string, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/admin/insurance_policies/${id}/review`, headers: auth(token), payload: body });

async function createdPolicy(overrides: Record<string, unknown> = {}) {
  const res = await create(tenant, policyBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return insurancePolicyRecordSchema.parse(res.json());
}

function upload(token: string, policyId: string, filename: string, bytes: Buffer) {
  const boundary = `----portal${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return app.inject({
    method: 'POST',
    url: `/api/INSURANCE_POLICY/${policyId}/upload`,
    headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

const fieldsOf = (res: { json: () => { fieldErrors?: { field: string }[] } }) =>
  (res.json().fieldErrors ?? []).map((f) => f.field);

describe('POST /create TYPE_INSURANCE_POLICY', () => {
  it('creates a pending NEW tenant-upload policy on the active lease, audited', async () => {
    const policy = await createdPolicy({ policyIdentifier: 'NS-CREATE-1' });
    expect(policy).toMatchObject({
      userId: DEMO_IDS.tenant,
      leaseId: DEMO_IDS.leaseActive,
      carrierName: 'Northern Shield',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      effectiveDate: '2026-01-15',
      policyIdentifier: 'NS-CREATE-1',
      policyProvider: 'TENANT_UPLOAD',
      status: 'NEW',
      approvalStatus: 'PENDING',
      insuranceExternal: true,
      insuranceTerminated: false,
      terminatedAt: null,
      reviewedAt: null,
      documents: [],
    });
    const events = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, policy.id), eq(auditEvents.action, 'CREATE')));
    expect(events).toHaveLength(1);
  });

  it('refuses a policy number the lease already has, whatever its case (409, the spec 2 §8 error)', async () => {
    await createdPolicy({ policyIdentifier: 'DUP-ABC-1' });
    const again = await create(tenant, policyBody({ policyIdentifier: 'dup-abc-1' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'RM_ERROR_RECORD_ALREADY_EXIST' });
    expect(fieldsOf(again)).toEqual(['policyIdentifier']);
    const exact = await create(tenant, policyBody({ policyIdentifier: 'DUP-ABC-1' }));
    expect(exact.statusCode).toBe(409);
  });

  it('makes one policy when two saves of the same number race', async () => {
    const body = policyBody({ policyIdentifier: 'RACE-1' });
    const answers = await Promise.all([create(tenant, body), create(tenant, { ...body, policyIdentifier: 'race-1' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses a start date after the end or effective date, naming the field (400)', async () => {
    const late = await create(tenant, policyBody({ startDate: '2027-01-01' }));
    expect(late.statusCode).toBe(400);
    expect(fieldsOf(late).sort()).toEqual(['effectiveDate', 'endDate']);
    expect(late.json().fieldErrors[0].message).toBe('The start date cannot be after the end date or the effective date.');
    const effective = await create(tenant, policyBody({ effectiveDate: '2025-12-31' }));
    expect(fieldsOf(effective)).toEqual(['effectiveDate']);
    // the effective date is optional
    expect((await create(tenant, policyBody({ effectiveDate: undefined }))).statusCode).toBe(201);
  });

  it('refuses missing names, carrier and dates, and oversized texts, naming each field (400, in French too)', async () => {
    const res = await create(tenant, policyBody({ firstName: ' ', carrierName: undefined, endDate: 'tomorrow' }), 'fr');
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res).sort()).toEqual(['carrierName', 'endDate', 'firstName']);
    expect(res.json().fieldErrors.find((f: { field: string }) => f.field === 'firstName').message).toBe('Champ obligatoire');
    const long = await create(tenant, policyBody({ policyIdentifier: 'X'.repeat(65), lastName: 'L'.repeat(101) }));
    expect(long.statusCode).toBe(400);
    expect(fieldsOf(long).sort()).toEqual(['lastName', 'policyIdentifier']);
    expect(long.json().fieldErrors[0].message).toMatch(/At most (64|100) characters/);
  });

  it('refuses a lease that is not active, or whose property does not offer the upload (422)', async () => {
    const pending = await create(tenant, policyBody({ leaseId: DEMO_IDS.leasePending }));
    expect(pending.statusCode).toBe(422);
    expect(pending.json()).toMatchObject({ errorCode: 'RM_ERROR_SERVICE_NOT_OFFERED' });
    expect(fieldsOf(pending)).toEqual(['leaseId']);
    // the US property switches nothing on (spec 2 §6) — its tenant is refused
    const us = await create(tenantUs, policyBody({ leaseId: DEMO_IDS.leaseUs, firstName: 'Jordan', lastName: 'Miller' }));
    expect(us.statusCode).toBe(422);
    expect(us.json().message).toBe(
      'Your property does not accept uploaded insurance policies. Please contact your property manager.',
    );
  });

  it('follows the company switch: with MANUAL off at the company, the upload is not offered', async () => {
    const [company] = await app.ctx.db.select().from(companies).where(eq(companies.id, DEMO_IDS.companyCa));
    await app.ctx.db
      .update(companies)
      .set({ insuranceIntegration: { ...company.insuranceIntegration, MANUAL: { enabled: false } } })
      .where(eq(companies.id, DEMO_IDS.companyCa));
    try {
      expect((await create(tenant, policyBody())).statusCode).toBe(422);
    } finally {
      await app.ctx.db
        .update(companies)
        .set({ insuranceIntegration: company.insuranceIntegration })
        .where(eq(companies.id, DEMO_IDS.companyCa));
    }
  });

  it("answers another tenant's lease like a missing one (404)", async () => {
    const res = await create(tenantUs, policyBody({ leaseId: DEMO_IDS.leaseActive }));
    expect(res.statusCode).toBe(404);
    expect(fieldsOf(res)).toEqual(['leaseId']);
    expect((await create(tenant, policyBody({ leaseId: randomUUID() }))).statusCode).toBe(404);
  });

  it('is for tenants only', async () => {
    expect((await create(admin, policyBody())).statusCode).toBe(403);
  });
});

describe('the proof document', () => {
  it('uploads after the save, replaces on a new upload, downloads, and is found by the policy-document search', async () => {
    const policy = await createdPolicy();
    const first = await upload(tenant, policy.id, 'proof.png', PNG);
    expect(first.statusCode, first.body).toBe(200);
    const second = await upload(tenant, policy.id, 'proof-renewed.png', PNG);
    expect(second.statusCode).toBe(200);
    const search = await app.inject({
      method: 'POST',
      url: '/api/document/search',
      headers: auth(tenant),
      payload: {
        conditions: [
          { field: 'recordType', operator: 'EQUALS', value: 'INSURANCE_POLICY' },
          { field: 'recordId', operator: 'EQUALS', value: policy.id },
        ],
      },
    });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().records.map((d: { id: string }) => d.id)).toEqual([second.json().id]);
    const file = await app.inject({ method: 'GET', url: `/api/document/${second.json().id}/download`, headers: auth(tenant) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // another tenant sees neither the document nor the policy
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/document/${second.json().id}/download`,
      headers: auth(tenantUs),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await upload(tenantUs, policy.id, 'proof.png', PNG)).statusCode).toBe(404);
  });

  it('refuses a name of 50 characters or more, and a file of another type', async () => {
    const policy = await createdPolicy();
    const long = await upload(tenant, policy.id, `${'a'.repeat(46)}.png`, PNG);
    expect(long.json().errorCode).toBe('RM_ERROR_FILE_NAME_TOO_LONG');
    const exe = await upload(tenant, policy.id, 'proof.png', Buffer.from('MZ\u0090\u0000 not an image'));
    expect(exe.json().errorCode).toBe('RM_ERROR_FILE_TYPE');
  });
});

describe('PATCH /INSURANCE_POLICY/{id}/update', () => {
  it('changes the policy → CHANGED, back to PENDING review, audited', async () => {
    const policy = await createdPolicy();
    expect((await review(admin, policy.id, { approvalStatus: 'APPROVED', comment: 'ok' })).statusCode).toBe(200);
    const res = await patch(tenant, policy.id, { carrierName: 'Northern Shield Mutual', endDate: '2027-01-31' });
    expect(res.statusCode, res.body).toBe(200);
    expect(insurancePolicyRecordSchema.parse(res.json())).toMatchObject({
      carrierName: 'Northern Shield Mutual',
      endDate: '2027-01-31',
      status: 'CHANGED',
      approvalStatus: 'PENDING',
      approvalStatusComment: null,
      reviewedAt: null,
    });
    const [event] = await app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.recordId, policy.id), eq(auditEvents.action, 'UPDATE')));
    expect(event.changes).toMatchObject({ carrierName: { from: 'Northern Shield', to: 'Northern Shield Mutual' } });
    // the PUT of the source is the same call
    const put = await app.inject({
      method: 'PUT',
      url: `/api/insurance_policy/${policy.id}/update`,
      headers: auth(tenant),
      payload: { firstName: 'Cam' },
    });
    expect(put.json()).toMatchObject({ firstName: 'Cam', status: 'CHANGED' });
  });

  it('needs first name, last name and carrier, dates in order, and a unique number (400 / 409)', async () => {
    const policy = await createdPolicy();
    const blank = await patch(tenant, policy.id, { lastName: '' });
    expect(blank.statusCode).toBe(400);
    expect(fieldsOf(blank)).toEqual(['lastName']);
    const order = await patch(tenant, policy.id, { startDate: '2027-06-01' });
    expect(order.statusCode).toBe(400);
    expect(fieldsOf(order)).toContain('endDate');
    const other = await createdPolicy();
    const dup = await patch(tenant, policy.id, { policyIdentifier: other.policyIdentifier.toLowerCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errorCode).toBe('RM_ERROR_RECORD_ALREADY_EXIST');
    // its own number in another case is no conflict
    expect((await patch(tenant, policy.id, { policyIdentifier: policy.policyIdentifier.toLowerCase() })).statusCode).toBe(200);
    const unknown = await patch(tenant, policy.id, { leaseId: DEMO_IDS.leaseUs });
    expect(unknown.statusCode).toBe(400);
  });

  it("answers another tenant's policy like a missing one (404)", async () => {
    const policy = await createdPolicy();
    expect((await patch(tenantUs, policy.id, { carrierName: 'X' })).statusCode).toBe(404);
    expect((await patch(tenant, randomUUID(), { carrierName: 'X' })).statusCode).toBe(404);
  });
});

describe('POST /INSURANCE_POLICY/{id}/terminate', () => {
  it('cancels the policy for good: CANCELLED, terminated, no later change (409 with a clear message)', async () => {
    const policy = await createdPolicy();
    const res = await terminate(tenant, policy.id);
    expect(res.statusCode, res.body).toBe(200);
    const after = insurancePolicyRecordSchema.parse(res.json());
    expect(after).toMatchObject({ status: 'CANCELLED', insuranceTerminated: true });
    expect(after.terminatedAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    const again = await terminate(tenant, policy.id, 'fr');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Cette police d’assurance a été résiliée\u202f: elle ne peut plus être modifiée.');
    const edit = await patch(tenant, policy.id, { carrierName: 'Back again' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().errorCode).toBe('RM_ERROR_RECORD_LOCKED');
    expect((await review(admin, policy.id, { approvalStatus: 'APPROVED' })).statusCode).toBe(409);
    // its proof cannot change either (spec 2 §4: irreversible)
    const proof = await upload(tenant, policy.id, 'late-proof.png', PNG);
    expect(proof.statusCode).toBe(409);
    expect(proof.json().errorCode).toBe('RM_ERROR_RECORD_LOCKED');
  });

  it('refuses a partner policy with a message sending the tenant to the partner', async () => {
    const id = randomUUID();
    await app.ctx.db.insert(insurancePolicies).values({
      id,
      userId: DEMO_IDS.tenant,
      leaseId: DEMO_IDS.leaseActive,
      policyIdentifier: `MELLO-${id.slice(0, 6)}`,
      policyProvider: 'MELLO',
      approvalStatus: 'APPROVED',
      providerUrl: 'https://example.test/policy',
    });
    const res = await terminate(tenant, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This policy was bought from an insurance partner: end it on the partner's site.");
    expect((await patch(tenant, id, { carrierName: 'X' })).statusCode).toBe(409);
  });

  it("answers another tenant's policy like a missing one (404), and is for tenants only", async () => {
    const policy = await createdPolicy();
    expect((await terminate(tenantUs, policy.id)).statusCode).toBe(404);
    expect((await terminate(admin, policy.id)).statusCode).toBe(403);
  });
});

describe('POST /INSURANCE_POLICY/search', () => {
  it("lists the tenant's policies of a lease, with the demo's pending and approved ones, strictly shaped", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/INSURANCE_POLICY/search',
      headers: auth(tenant),
      payload: {
        conditions: [
          { field: 'userId', operator: 'EQUALS', value: DEMO_IDS.tenant },
          { field: 'leaseId', operator: 'EQUALS', value: DEMO_IDS.leaseActive },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const records = res.json().records.map((r: unknown) => insurancePolicyRecordSchema.parse(r));
    const pending = records.find((r: { id: string }) => r.id === INSURANCE_DEMO_IDS.policyPending);
    expect(pending).toMatchObject({ approvalStatus: 'PENDING', documents: [expect.objectContaining({ size: PNG.length })] });
    const approved = records.find((r: { id: string }) => r.id === INSURANCE_DEMO_IDS.policyApproved);
    expect(approved.approvalStatusComment).toContain('confirmed');
    expect(approved.reviewedAt).toMatch(/Z$/);
    const theirs = await app.inject({
      method: 'POST',
      url: '/api/INSURANCE_POLICY/search',
      headers: auth(tenantUs),
      payload: { conditions: [{ field: 'leaseId', operator: 'EQUALS', value: DEMO_IDS.leaseActive }] },
    });
    expect(theirs.json().records).toEqual([]);
  });
});

describe('the admin review', () => {
  it('lists pending policies with their tenant and property; approve or reject with a comment; the tenant is told', async () => {
    const policy = await createdPolicy({ policyIdentifier: 'REVIEW-ME-1' });
    const list = await app.inject({ method: 'GET', url: '/api/admin/insurance_policies?status=PENDING', headers: auth(admin) });
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().records.find((r: { policy: { id: string } }) => r.policy.id === policy.id);
    expect(row).toMatchObject({
      tenant: { id: DEMO_IDS.tenant, email: 'tenant@demo.test' },
      property: { propertyName: 'Harbourview Residences', unit: '804' },
    });
    const res = await review(admin, policy.id, { approvalStatus: 'REJECTED', comment: 'The proof shows no liability.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ approvalStatus: 'REJECTED', approvalStatusComment: 'The proof shows no liability.' });
    const [stored] = await app.ctx.db.select().from(insurancePolicies).where(eq(insurancePolicies.id, policy.id));
    expect(stored.reviewedBy).toBe(DEMO_IDS.admin);
    expect(stored.reviewedAt).not.toBeNull();
    const notices = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, DEMO_IDS.tenant), eq(notifications.kind, 'INSURANCE_REJECTED')));
    expect(notices.map((n) => n.params)).toContainEqual(
      expect.objectContaining({ number: 'REVIEW-ME-1', comment: 'The proof shows no liability.' }),
    );
    // the tenant reads it in the portal, in English
    const inbox = await app.inject({ method: 'GET', url: '/api/notifications', headers: auth(tenant) });
    expect(JSON.stringify(inbox.json())).toContain(
      'Your property manager rejected your insurance policy REVIEW-ME-1 for Harbourview Residences. Note from your property manager: The proof shows no liability.',
    );
    const after = await app.inject({ method: 'GET', url: '/api/admin/insurance_policies', headers: auth(admin) });
    expect(after.json().records.map((r: { policy: { id: string } }) => r.policy.id)).not.toContain(policy.id);
  });

  it('is for the console only (tenant 403), refuses a bad status (400 naming it), a missing policy (404)', async () => {
    const policy = await createdPolicy();
    expect((await review(tenant, policy.id, { approvalStatus: 'APPROVED' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/insurance_policies', headers: auth(tenant) })).statusCode).toBe(
      403,
    );
    const bad = await review(admin, policy.id, { approvalStatus: 'MAYBE' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['approvalStatus']);
    const long = await review(admin, policy.id, { approvalStatus: 'APPROVED', comment: 'x'.repeat(501) });
    expect(fieldsOf(long)).toEqual(['comment']);
    expect((await review(admin, randomUUID(), { approvalStatus: 'APPROVED' })).statusCode).toBe(404);
    const badQuery = await app.inject({ method: 'GET', url: '/api/admin/insurance_policies?status=NOPE', headers: auth(admin) });
    expect(badQuery.statusCode).toBe(400);
  });
});

describe('lease state', () => {
  it('refuses a new policy once the lease is no longer active', async () => {
    await app.ctx.db.update(propertyLeases).set({ status: 'TERMINATED' }).where(eq(propertyLeases.id, DEMO_IDS.leaseActive));
    try {
      const res = await create(tenant, policyBody());
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Insurance options are available only for active leases.');
    } finally {
      await app.ctx.db.update(propertyLeases).set({ status: 'ACTIVE' }).where(eq(propertyLeases.id, DEMO_IDS.leaseActive));
    }
  });
});
