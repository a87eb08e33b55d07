// Issue 11 screenings: details and reports of the demo's applications, isolation, startScreenings (one row per kind,
// once-only notice), every sandbox outcome, the job's retries with back-off and ERROR after 5 attempts.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incomeVerifications, leaseApplications, notifications, screenings } from '../src/db/schema.ts';
import { DEMO_APPLICATION_IDS } from '../src/db/seed-applications.ts';
import { runJobs } from '../src/jobs/run-jobs.ts';
import { startScreenings } from '../src/services/screening/start-screenings.ts';
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

const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: auth(token) });

/** A submitted application of the demo tenant with this surname (inserted as the submit would leave it). */
async function submittedApplication(lastName: string): Promise<string> {
  const [row] = await app.ctx.db
    .insert(leaseApplications)
    .values({
      status: 'PENDING',
      customerId: DEMO_IDS.tenant,
      pageName: 'harbourview',
      propertyId: DEMO_IDS.propertyCa,
      companyId: DEMO_IDS.companyCa,
      firstName: 'Alex',
      lastName,
      email: 'tenant@demo.test',
      birthDate: '1991-02-03',
      employment: { employment: 'EMPLOYED', monthlySalary: 5_000, otherIncome: 250.5 },
      submittedAt: app.ctx.now().toISOString(),
    })
    .returning({ id: leaseApplications.id });
  return row.id;
}

const rowsOf = async (applicationId: string) => ({
  screenings: await app.ctx.db.select().from(screenings).where(eq(screenings.applicationId, applicationId)),
  income: await app.ctx.db.select().from(incomeVerifications).where(eq(incomeVerifications.applicationId, applicationId)),
});

describe('the demo application reports', () => {
  it('answers the credit and background details of the submitted application (PASS)', async () => {
    const credit = await get(`/api/screening/${DEMO_IDS.appPending}/details?type=CREDIT`, tenant);
    expect(credit.statusCode).toBe(200);
    const c = credit.json();
    expect(c).toMatchObject({ applicationId: DEMO_IDS.appPending, type: 'CREDIT', status: 'PASS' });
    expect(c.requestId).toMatch(/^CR-SBX-/);
    expect(c.completedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(c.screenResult.creditScore).toBeGreaterThanOrEqual(700);
    expect(c.screenResult.creditScore).toBeLessThanOrEqual(850);
    const basic = (await get(`/api/screening/${DEMO_IDS.appPending}/details?type=BASIC`, tenant)).json();
    expect(basic).toMatchObject({ type: 'BASIC', status: 'PASS', screenResult: { creditScore: null, criminalScan: 'CLEAR' } });
  });

  it('shows the declined application’s FAIL reports', async () => {
    const credit = (await get(`/api/screening/${DEMO_APPLICATION_IDS.declined}/details?type=CREDIT`, tenant)).json();
    expect(credit).toMatchObject({ status: 'FAIL', screenResult: { creditScore: 480, evictionPotential: 'HIGH' } });
  });

  it('downloads the report as a PDF attachment named by content-disposition', async () => {
    const res = await get(`/api/screening/${DEMO_IDS.appPending}/report?type=CREDIT`, tenant);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="credit-report-CR-SBX-[0-9A-F]+\.pdf"/);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const bg = await get(`/api/screening/${DEMO_IDS.appPending}/report?type=BASIC`, tenant);
    expect(bg.headers['content-disposition']).toMatch(/filename="background-report-BG-SBX-/);
  });

  it('lists income verifications by the generic search, each with its PDF url', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/INCOME_VERIFICATION/search',
      headers: auth(tenant),
      payload: { conditions: [{ field: 'applicationId', operator: 'EQUALS', value: DEMO_IDS.appPending }], joins: [] },
    });
    expect(res.statusCode).toBe(200);
    const [record] = res.json().records;
    expect(record).toMatchObject({ applicationId: DEMO_IDS.appPending, status: 'PASS', monthlyIncome: 6200, nsf: 0 });
    expect(record.pdfUrl).toBe(`/api/income_verification/${record.id}/report`);
    const pdf = await get(record.pdfUrl, tenant);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="income-report-IV-SBX-/);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // an admin may read it too
    expect((await get(record.pdfUrl, admin)).statusCode).toBe(200);
  });

  it('lists screenings by the generic search', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/screening/search',
      headers: auth(tenant),
      payload: { conditions: [{ field: 'applicationId', operator: 'EQUALS', value: DEMO_IDS.appPending }], joins: [] },
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .records.map((r: { type: string }) => r.type)
        .sort(),
    ).toEqual(['BASIC', 'CREDIT']);
  });

  it('hides another tenant’s application: 404 as if it did not exist', async () => {
    for (const url of [
      `/api/screening/${DEMO_IDS.appPending}/details?type=CREDIT`,
      `/api/screening/${DEMO_IDS.appPending}/report?type=CREDIT`,
    ]) {
      const res = await get(url, tenantUs);
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
    }
    const [income] = await app.ctx.db
      .select()
      .from(incomeVerifications)
      .where(eq(incomeVerifications.applicationId, DEMO_IDS.appPending));
    const res = await get(`/api/income_verification/${income.id}/report`, tenantUs);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
  });

  it('answers RM_ERROR_REPORT_NOT_AVAILABLE (in the caller’s language) when there is no report', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/screening/${DEMO_IDS.appInProgress}/details?type=CREDIT`,
      headers: { ...auth(tenant), 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      errorCode: 'RM_ERROR_REPORT_NOT_AVAILABLE',
      message: 'Le rapport de crédit n’est pas disponible.',
    });
    const bg = await get(`/api/screening/${DEMO_IDS.appInProgress}/report?type=BASIC`, tenant);
    expect(bg.json()).toMatchObject({
      errorCode: 'RM_ERROR_REPORT_NOT_AVAILABLE',
      message: 'The background report is unavailable.',
    });
    expect((await get(`/api/screening/${DEMO_IDS.appPending}/details?type=OTHER`, tenant)).statusCode).toBe(400);
  });

  it('fetches a report again from the provider when its file is gone', async () => {
    const [row] = await app.ctx.db
      .select()
      .from(screenings)
      .where(and(eq(screenings.applicationId, DEMO_IDS.appPending), eq(screenings.type, 'CREDIT')));
    await app.ctx.storage.remove(row.reportStorageKey as string);
    const res = await get(`/api/screening/${DEMO_IDS.appPending}/report?type=CREDIT`, tenant);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('startScreenings', () => {
  it('makes one row per kind however often it is called, and tells the tenant once', async () => {
    const id = await submittedApplication('Morin');
    await startScreenings(app.ctx, id);
    await startScreenings(app.ctx, id);
    const rows = await rowsOf(id);
    expect(rows.screenings.map((s) => `${s.type}:${s.status}`).sort()).toEqual(['BASIC:PASS', 'CREDIT:PASS']);
    expect(rows.income).toHaveLength(1);
    expect(rows.income[0]).toMatchObject({ status: 'PASS', monthlyIncome: 525_050, attempts: 1 });
    expect(rows.screenings.every((s) => s.attempts === 1 && s.reportStorageKey)).toBe(true);
    const notices = await app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `application-submitted:${id}`));
    expect(notices).toHaveLength(1);
    expect(notices[0].kind).toBe('APPLICATION_SUBMITTED');
  });

  it('is started by the job for a submitted application that has no screening rows (a failed start)', async () => {
    const id = await submittedApplication('Gagnon');
    await runJobs(app.ctx, { now: new Date(app.ctx.now().getTime() + 1_000) });
    const rows = await rowsOf(id);
    expect(rows.screenings.map((s) => s.status).sort()).toEqual(['PASS', 'PASS']);
    expect(rows.income.map((s) => s.status)).toEqual(['PASS']);
  });

  it('does nothing for an application not submitted', async () => {
    await startScreenings(app.ctx, DEMO_IDS.appInProgress);
    expect((await rowsOf(DEMO_IDS.appInProgress)).screenings).toHaveLength(0);
    await expect(startScreenings(app.ctx, 'no-such-application')).resolves.toBeUndefined();
  });

  it('stores every outcome: Review → REVIEW, Fail → FAIL', async () => {
    const review = await submittedApplication('Review');
    await startScreenings(app.ctx, review);
    const r = await rowsOf(review);
    expect(r.screenings.map((s) => s.status)).toEqual(['REVIEW', 'REVIEW']);
    expect(r.income[0].status).toBe('REVIEW');
    const fail = await submittedApplication('fail');
    await startScreenings(app.ctx, fail);
    const f = await rowsOf(fail);
    expect(f.screenings.map((s) => s.status)).toEqual(['FAIL', 'FAIL']);
    expect(f.income[0]).toMatchObject({ status: 'FAIL', nsf: 3 });
  });

  it('leaves a Slow applicant PENDING for the job, which gets the answer on a later attempt', async () => {
    const id = await submittedApplication('Slow');
    await startScreenings(app.ctx, id);
    let rows = await rowsOf(id);
    expect(rows.screenings.map((s) => `${s.status}:${s.attempts}`)).toEqual(['PENDING:1', 'PENDING:1']);
    // before the back-off (1 minute) nothing is asked
    const early = await runJobs(app.ctx, { now: new Date(app.ctx.now().getTime() + 20_000) });
    expect(early.screenings.answered.ids).not.toContain(rows.screenings[0].id);
    const report = await runJobs(app.ctx, { now: new Date(app.ctx.now().getTime() + 2 * 60_000) });
    rows = await rowsOf(id);
    expect(rows.screenings.map((s) => `${s.status}:${s.attempts}`)).toEqual(['PASS:2', 'PASS:2']);
    expect(rows.income[0].status).toBe('PASS');
    expect(report.screenings.answered.ids).toEqual(
      expect.arrayContaining([...rows.screenings.map((s) => s.id), rows.income[0].id]),
    );
  });

  it('keeps an Error applicant PENDING with the error, retried by the job with back-off, ERROR after 5 attempts', async () => {
    const id = await submittedApplication('Errorson');
    await startScreenings(app.ctx, id);
    let rows = await rowsOf(id);
    expect(rows.screenings.map((s) => `${s.status}:${s.attempts}`)).toEqual(['PENDING:1', 'PENDING:1']);
    expect(rows.screenings[0].error).toMatch(/unavailable/);
    const start = app.ctx.now().getTime();
    const attemptsAfter = async (minutes: number) => {
      await runJobs(app.ctx, { now: new Date(start + minutes * 60_000) });
      rows = await rowsOf(id);
      return rows.screenings.map((s) => s.attempts);
    };
    expect(await attemptsAfter(0.5)).toEqual([1, 1]); // back-off: the 2nd attempt 1 minute after the submit
    expect(await attemptsAfter(2)).toEqual([2, 2]);
    expect(await attemptsAfter(3)).toEqual([2, 2]); // the 3rd after 5 minutes
    expect(await attemptsAfter(6)).toEqual([3, 3]);
    expect(await attemptsAfter(16)).toEqual([4, 4]);
    const last = await runJobs(app.ctx, { now: new Date(start + 61 * 60_000) });
    rows = await rowsOf(id);
    expect(rows.screenings.map((s) => `${s.status}:${s.attempts}`)).toEqual(['ERROR:5', 'ERROR:5']);
    expect(rows.income[0]).toMatchObject({ status: 'ERROR', attempts: 5 });
    expect(rows.screenings[0].error).toMatch(/unavailable/);
    expect(last.screenings.errored.ids).toEqual(expect.arrayContaining(rows.screenings.map((s) => s.id)));
    // no longer retried
    expect(await attemptsAfter(600)).toEqual([5, 5]);
    const details = await get(`/api/screening/${id}/details?type=CREDIT`, tenant);
    expect(details.json()).toMatchObject({ status: 'ERROR', screenResult: null });
    expect((await get(`/api/screening/${id}/report?type=CREDIT`, tenant)).json().errorCode).toBe('RM_ERROR_REPORT_NOT_AVAILABLE');
  });
});
