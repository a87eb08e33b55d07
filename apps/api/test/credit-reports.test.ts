// The monthly rent reporting to the bureau (issue 22 "Reporting, as the industry does it"): one Metro 2 file per period
// whatever the runs, one record per subscription and month, only tenants who subscribed for the month, the sandbox
// bureau's answers stored per record (rejections with their reason), a crash before delivery → the stored file is
// delivered by the next run; the tenant sees their own months (another tenant's subscription is 404), the admin the
// files (a tenant is refused).
import { BASE_SEGMENT_FIELDS, readRecord, splitMetro2File } from '@portal/domain/metro2';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawOf } from '../src/db/client.ts';
import { runJobs } from '../src/jobs/run-jobs.ts';
import { BureauUnavailableError, type CreditBureau } from '../src/providers/bureau/bureau.ts';
import { consumerAccountNumber, reportMonth } from '../src/services/credit-reporting/report-month.ts';
import { auth, DEMO_IDS, signedInApp } from './helpers.ts';

const I = DEMO_IDS;
// The demo is seeded as of 3 Nov 2026: October's rent (1850.00) and parking (75.00) were due on 1 Oct and are unpaid.
const SEEDED_AT = new Date('2026-11-03T08:00:00Z');
const CA_ACCOUNT = consumerAccountNumber(I.leaseActive, I.tenant);
const US_ACCOUNT = consumerAccountNumber(I.leaseUs, I.tenantUs);

let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
let admin: string;
let caSubscription: string;
let usStopped: string;

const raw = () => rawOf(app.ctx.db);

/** A subscription as the subscription service leaves it (reusing the demo's live one on that lease, if seeded). */
async function subscribe(
  userId: string,
  leaseId: string,
  s: { status: string; startDate: string; expiryDate: string; endedAt?: string },
): Promise<string> {
  const { rows } = await raw()(
    `SELECT id FROM credit_report_subscriptions
     WHERE user_id = $1 AND billing_account_id = $2 AND status IN ('ACTIVE', 'UNSUBSCRIBED', 'SUSPENDED')`,
    [userId, leaseId],
  );
  const live = ['ACTIVE', 'UNSUBSCRIBED', 'SUSPENDED'].includes(s.status);
  if (rows[0] && live) {
    await raw()(
      `UPDATE credit_report_subscriptions SET status = $2, start_date = $3, subscription_date = $3, expiry_date = $4
       WHERE id = $1`,
      [rows[0].id, s.status, s.startDate, s.expiryDate],
    );
    return String(rows[0].id);
  }
  const inserted = await raw()(
    `INSERT INTO credit_report_subscriptions (user_id, billing_account_id, status, subscription_date, start_date,
       expiry_date, fee_amount, ended_at) VALUES ($1, $2, $3, $4, $4, $5, 495, $6) RETURNING id`,
    [userId, leaseId, s.status, s.startDate, s.expiryDate, s.endedAt ?? null],
  );
  return String(inserted.rows[0].id);
}

async function fileOf(period: string) {
  const { rows } = await raw()(`SELECT * FROM credit_report_files WHERE period = $1`, [period]);
  return rows;
}

async function reportsOf(period: string) {
  const { rows } = await raw()(
    `SELECT r.*, s.user_id AS "userId" FROM credit_reports r JOIN credit_report_subscriptions s ON s.id = r.subscription_id
     WHERE r.reported_month = $1 ORDER BY r.subscription_id`,
    [period],
  );
  return rows;
}

const recordsOf = (content: string) =>
  splitMetro2File(content)
    .slice(1, -1)
    .map((r) => readRecord(BASE_SEGMENT_FIELDS, r));

beforeAll(async () => {
  ({ app, tenant, tenantUs, admin } = await signedInApp({ now: () => new Date(SEEDED_AT) }));
  caSubscription = await subscribe(I.tenant, I.leaseActive, {
    status: 'ACTIVE',
    startDate: '2026-09-01',
    expiryDate: '2027-08-31',
  });
  // stopped in October: consent withdrawn before November
  usStopped = await subscribe(I.tenantUs, I.leaseUs, {
    status: 'TERMINATED',
    startDate: '2026-06-01',
    expiryDate: '2027-05-31',
    endedAt: '2026-10-15T10:00:00Z',
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('the month reported once', () => {
  it('two runs for one instant (and two runners at once): one file, one record per subscription and month', async () => {
    const at = new Date('2026-12-02T06:00:00Z');
    const first = await runJobs(app.ctx, { now: at });
    expect(first.creditReports).toMatchObject({ period: '2026-11', built: true, delivered: true });
    expect(first.creditReports.records).toBeGreaterThanOrEqual(1);
    expect(first.creditReports.accepted).toBe(first.creditReports.records);
    const second = await runJobs(app.ctx, { now: at });
    expect(second.creditReports).toMatchObject({ period: '2026-11', built: false, delivered: false, accepted: 0 });
    const [a, b] = await Promise.all([reportMonth({ ...app.ctx, now: () => at }), reportMonth({ ...app.ctx, now: () => at })]);
    expect([a.built, b.built]).toEqual([false, false]);

    const files = await fileOf('2026-11');
    expect(files).toHaveLength(1);
    expect(files[0].status).toBe('ANSWERED');
    const reports = await reportsOf('2026-11');
    expect(reports.length).toBe(Number(files[0].record_count));
    expect(new Set(reports.map((r) => r.subscription_id)).size).toBe(reports.length);
    expect(reports.filter((r) => r.subscription_id === caSubscription)).toHaveLength(1);
    const records = recordsOf(String(files[0].content));
    expect(records).toHaveLength(reports.length);
    expect(records.filter((r) => r.consumerAccountNumber.trim() === CA_ACCOUNT)).toHaveLength(1);
  });

  it("the subscribed tenant's record comes from the ledger: October unpaid on 30 Nov is 60 days late (78)", async () => {
    const [file] = await fileOf('2026-11');
    const record = recordsOf(String(file.content)).find((r) => r.consumerAccountNumber.trim() === CA_ACCOUNT);
    expect(record).toMatchObject({
      portfolioType: 'O',
      accountType: '29',
      accountStatus: '78',
      scheduledMonthlyPayment: '000001925', // rent 1850 + parking 75, never a deposit
      amountPastDue: '000001925',
      currentBalance: '000001925',
      dateOfFirstDelinquency: '10012026',
      dateOfAccountInformation: '11302026',
      ecoaCode: '1',
      dateOfBirth: '04121990',
    });
    expect(record?.surname.trim()).toBe('TREMBLAY');
    expect(record?.state).toBe('BC');
    const [report] = (await reportsOf('2026-11')).filter((r) => r.subscription_id === caSubscription);
    expect(report).toMatchObject({ status: 'ACCEPTED', account_status: '78', result_code: null });
    expect(Number(report.scheduled_payment_cents)).toBe(192_500);
  });

  it('a tenant who never subscribed, or whose subscription was stopped before the month, never appears', async () => {
    const [file] = await fileOf('2026-11');
    const accounts = recordsOf(String(file.content)).map((r) => r.consumerAccountNumber.trim());
    expect(accounts).not.toContain(US_ACCOUNT);
    expect((await reportsOf('2026-11')).map((r) => r.subscription_id)).not.toContain(usStopped);
    // no lease of a tenant without a subscription: every record is a subscribed tenant's lease
    const { rows } = await raw()(
      `SELECT DISTINCT s.billing_account_id AS "leaseId", s.user_id AS "userId" FROM credit_reports r
       JOIN credit_report_subscriptions s ON s.id = r.subscription_id WHERE r.reported_month = '2026-11'`,
    );
    expect(accounts.sort()).toEqual(rows.map((r) => consumerAccountNumber(String(r.leaseId), String(r.userId))).sort());
  });

  it('two runners building the same new month at once: one file, one delivery, one record per subscription', async () => {
    const at = new Date('2027-04-02T06:00:00Z');
    const bureau = app.ctx.providers.bureau;
    let deliveries = 0;
    app.ctx.providers.bureau = {
      submitFile: async (input) => {
        deliveries++;
        return bureau.submitFile(input);
      },
    };
    try {
      const runs = await Promise.all([reportMonth({ ...app.ctx, now: () => at }), reportMonth({ ...app.ctx, now: () => at })]);
      expect(runs.map((r) => r.built).sort()).toEqual([false, true]);
      expect(runs.filter((r) => r.delivered)).toHaveLength(1);
    } finally {
      app.ctx.providers.bureau = bureau;
    }
    expect(deliveries).toBe(1);
    expect(await fileOf('2027-03')).toHaveLength(1);
    expect((await reportsOf('2027-03')).filter((r) => r.subscription_id === caSubscription)).toHaveLength(1);
  });
});

describe("the bureau's answers", () => {
  it('a rejected record is stored with its code and reason (surname REJECT, a missing date of birth)', async () => {
    await raw()(`UPDATE customers SET last_name = 'Reject' WHERE id = $1`, [I.tenant]);
    await raw()(`UPDATE customers SET birth_date = NULL WHERE id = $1`, [I.tenantUs]);
    const usActive = await subscribe(I.tenantUs, I.leaseUs, {
      status: 'ACTIVE',
      startDate: '2026-12-01',
      expiryDate: '2027-11-30',
    });
    const run = await runJobs(app.ctx, { now: new Date('2027-01-05T06:00:00Z') });
    expect(run.creditReports).toMatchObject({ period: '2026-12', built: true, delivered: true });
    expect(run.creditReports.rejected).toBeGreaterThanOrEqual(2);
    const reports = await reportsOf('2026-12');
    expect(reports.find((r) => r.subscription_id === caSubscription)).toMatchObject({
      status: 'REJECTED',
      result_code: 'S01',
      result_message: 'Rejected by the sandbox bureau (test surname REJECT)',
    });
    expect(reports.find((r) => r.subscription_id === usActive)).toMatchObject({
      status: 'REJECTED',
      result_code: 'E050',
      result_message: 'DOB missing',
    });
    await raw()(`UPDATE customers SET last_name = 'Tremblay' WHERE id = $1`, [I.tenant]);
    await raw()(`UPDATE customers SET birth_date = '1987-09-30' WHERE id = $1`, [I.tenantUs]);
  });

  it('a crash before delivery: the next run delivers the stored file, never a rebuilt one', async () => {
    const bureau = app.ctx.providers.bureau;
    const crashing: CreditBureau = {
      submitFile: async () => {
        throw new Error('connection reset');
      },
    };
    app.ctx.providers.bureau = crashing;
    try {
      const crashed = await runJobs(app.ctx, { now: new Date('2027-02-02T06:00:00Z') });
      expect(crashed.errors.map((e) => e.step)).toContain('credit reports');
    } finally {
      app.ctx.providers.bureau = bureau;
    }
    const [built] = await fileOf('2027-01');
    expect(built.status).toBe('BUILT');
    expect((await reportsOf('2027-01')).every((r) => r.status === 'SENT')).toBe(true);

    // a rebuilt file would differ (its time stamps at least): the stored one is what the bureau gets
    const seen: string[] = [];
    app.ctx.providers.bureau = {
      submitFile: async (input) => {
        seen.push(input.content);
        return bureau.submitFile(input);
      },
    };
    try {
      const next = await runJobs(app.ctx, { now: new Date('2027-02-03T06:00:00Z') });
      expect(next.creditReports).toMatchObject({ period: '2027-01', built: false, delivered: true });
    } finally {
      app.ctx.providers.bureau = bureau;
    }
    expect(seen).toEqual([built.content]);
    const [answered] = await fileOf('2027-01');
    expect(answered).toMatchObject({ status: 'ANSWERED', content: built.content, id: built.id });
    expect((await reportsOf('2027-01')).every((r) => r.status === 'ACCEPTED')).toBe(true);
  });

  it('an unreachable bureau leaves the file built and says so in the job report', async () => {
    const bureau = app.ctx.providers.bureau;
    app.ctx.providers.bureau = {
      submitFile: async () => {
        throw new BureauUnavailableError();
      },
    };
    try {
      const run = await runJobs(app.ctx, { now: new Date('2027-03-02T06:00:00Z') });
      expect(run.creditReports).toMatchObject({ period: '2027-02', built: true, delivered: false });
      expect(run.errors).toContainEqual({ step: 'credit reports', error: 'Credit bureau unavailable' });
    } finally {
      app.ctx.providers.bureau = bureau;
    }
    // the 1st of a month: the month is not reported yet; the 2nd delivers February's file
    expect((await runJobs(app.ctx, { now: new Date('2027-03-01T06:00:00Z') })).creditReports.period).toBeNull();
    const run = await runJobs(app.ctx, { now: new Date('2027-03-02T07:00:00Z') });
    expect(run.creditReports).toMatchObject({ period: '2027-02', built: false, delivered: true });
  });
});

describe('what people see', () => {
  it("the tenant: their subscription's reported months, newest first, with the result", async () => {
    const res = await app.inject({ method: 'GET', url: `/api/credit_report/${caSubscription}/reports`, headers: auth(tenant) });
    expect(res.statusCode).toBe(200);
    const months = res.json() as { reportedMonth: string; status: string; accountStatus: string }[];
    expect(months.map((m) => m.reportedMonth).slice(0, 5)).toEqual(['2027-03', '2027-02', '2027-01', '2026-12', '2026-11']);
    expect(months.find((m) => m.reportedMonth === '2026-12')).toMatchObject({
      status: 'REJECTED',
      resultCode: 'S01',
      resultMessage: 'Rejected by the sandbox bureau (test surname REJECT)',
    });
    expect(months.find((m) => m.reportedMonth === '2026-11')).toMatchObject({
      status: 'ACCEPTED',
      accountStatus: '78',
      amountReported: 0,
      scheduledPayment: 1925,
      resultMessage: null,
    });
  });

  it("the bureau's reason in the tenant's language (Accept-Language)", async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/credit_report/${caSubscription}/reports`,
      headers: { ...auth(tenant), 'accept-language': 'fr-CA' },
    });
    expect(res.json().find((m: { reportedMonth: string }) => m.reportedMonth === '2026-12')).toMatchObject({
      resultCode: 'S01',
      resultMessage: 'Refusé par le bureau du bac à sable (nom d’essai REJECT)',
    });
  });

  it("another tenant's subscription, or none, answers 404; an admin is not a tenant (403)", async () => {
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/credit_report/${caSubscription}/reports`,
      headers: auth(tenantUs),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorCode).toBe('RM_ERROR_RECORD_NOT_FOUND');
    const missing = await app.inject({ method: 'GET', url: '/api/credit_report/nope/reports', headers: auth(tenant) });
    expect(missing.statusCode).toBe(404);
    const asAdmin = await app.inject({
      method: 'GET',
      url: `/api/credit_report/${caSubscription}/reports`,
      headers: auth(admin),
    });
    expect(asAdmin.statusCode).toBe(403);
  });

  it("the admin: each month's file with its counts, and one file's text and answers", async () => {
    const list = await app.inject({ method: 'GET', url: '/api/admin/credit_report_files', headers: auth(admin) });
    expect(list.statusCode).toBe(200);
    const files = list.json().records as { id: string; period: string; rejectedCount: number; status: string }[];
    expect(files.map((f) => f.period).slice(0, 5)).toEqual(['2027-03', '2027-02', '2027-01', '2026-12', '2026-11']);
    const december = files.find((f) => f.period === '2026-12');
    expect(december).toMatchObject({ status: 'ANSWERED', fileStatus: 'REJECTED', acceptedCount: 0 });
    expect(december?.rejectedCount).toBeGreaterThanOrEqual(2);

    const one = await app.inject({ method: 'GET', url: `/api/admin/credit_report_files/${december?.id}`, headers: auth(admin) });
    expect(one.statusCode).toBe(200);
    const detail = one.json();
    expect(detail.content.split('\n')[0].slice(4, 10)).toBe('HEADER');
    expect(detail.submissionId).toMatch(/^SBX-/);
    const ca = detail.records.find((r: { accountNumber: string }) => r.accountNumber === CA_ACCOUNT);
    expect(ca).toMatchObject({ consumerName: 'CAMILLE REJECT', status: 'REJECTED', resultCode: 'S01' });
    expect(ca.record).toHaveLength(426);

    const missing = await app.inject({ method: 'GET', url: '/api/admin/credit_report_files/nope', headers: auth(admin) });
    expect(missing.statusCode).toBe(404);
  });

  it('the admin endpoints are refused to a tenant (403)', async () => {
    for (const url of ['/api/admin/credit_report_files', `/api/admin/credit_report_files/${(await fileOf('2026-11'))[0].id}`]) {
      const res = await app.inject({ method: 'GET', url, headers: auth(tenant) });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('the paid reporting window', () => {
  it('a suspended subscription (renewal refused) is reported for the months its paid year covers, not after', async () => {
    await raw()(`UPDATE credit_report_subscriptions SET status = 'SUSPENDED', expiry_date = '2027-04-30' WHERE id = $1`, [
      caSubscription,
    ]);
    const { rows } = await raw()(
      `UPDATE credit_report_subscriptions SET status = 'SUSPENDED', expiry_date = '2027-03-31'
       WHERE user_id = $1 AND billing_account_id = $2 AND status = 'ACTIVE' RETURNING id`,
      [I.tenantUs, I.leaseUs],
    );
    expect(rows).toHaveLength(1);
    expect((await runJobs(app.ctx, { now: new Date('2027-05-02T06:00:00Z') })).creditReports.period).toBe('2027-04');
    const april = (await reportsOf('2027-04')).map((r) => r.subscription_id);
    expect(april).toContain(caSubscription);
    expect(april).not.toContain(rows[0].id);
    await runJobs(app.ctx, { now: new Date('2027-06-02T06:00:00Z') });
    expect((await reportsOf('2027-05')).map((r) => r.subscription_id)).not.toContain(caSubscription);
  });

  it('a runner that died waiting for the answer: its claim goes stale after 10 minutes, then the same file is delivered', async () => {
    const [file] = await fileOf('2027-04');
    await raw()(`UPDATE credit_report_files SET status = 'DELIVERED', delivered_at = '2027-05-10T06:00:00Z' WHERE id = $1`, [
      file.id,
    ]);
    await raw()(`UPDATE credit_reports SET status = 'SENT', result_code = NULL WHERE file_id = $1`, [file.id]);
    const at = (iso: string) => ({ ...app.ctx, now: () => new Date(iso) });
    expect((await reportMonth(at('2027-05-10T06:05:00Z'), { period: '2027-04' })).delivered).toBe(false);
    expect((await fileOf('2027-04'))[0].status).toBe('DELIVERED');
    const later = await reportMonth(at('2027-05-10T06:11:00Z'), { period: '2027-04' });
    expect(later).toMatchObject({ built: false, delivered: true });
    const [answered] = await fileOf('2027-04');
    expect(answered).toMatchObject({ status: 'ANSWERED', content: file.content });
    expect((await reportsOf('2027-04')).every((r) => r.status !== 'SENT')).toBe(true);
  });
});
