// Two servers on one PostgreSQL, one killed (kill -9) while payments and application fees run through both, as behind
// a load balancer that sends a failed request to the other server (issue 20 §2). Before, the sandbox processor kept
// its charges in each process's memory: 2 charged payments were recorded FAILED and answered "declined", and one
// application fee was charged twice. Now: no charge without its transaction, no transaction refused after a charge,
// never two charges for one payment or one application.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { createThrowawayDatabase, dropThrowawayDatabase } from '../src/db/throwaway.ts';
import { recoverPayments } from '../src/services/payments/recover-payments.ts';
import { DEMO_IDS } from './helpers.ts';
import { killStartedProcesses, type Started, signIn, startServer } from './server-process.ts';

afterAll(killStartedProcesses);

const I = DEMO_IDS;
const PAYMENTS = 48;
const APPLICATIONS = 12;

describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL, one killed mid-flight', () => {
  it('charges each payment and each application fee once, and declines nothing it charged', { timeout: 420_000 }, async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const db = await createThrowawayDatabase(url, 'portal_two');
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-two-'));
    const env = {
      DATABASE_URL: db,
      DATA_DIR: dataDir,
      JWT_SECRET: 'two-servers-test-secret-two-servers-test-secret',
      JOBS_DISABLED: '1',
      PAYMENT_RECOVERY_AGE_MS: '600000',
    };
    try {
      const servers: Started[] = [await startServer(env, { args: ['--demo'] })];
      servers.push(await startServer(env));
      const client = new pg.Client({ connectionString: db });
      await client.connect();
      try {
        await client.query(
          `INSERT INTO open_charges (billing_account_id, code, name, due_date, amount, balance)
           VALUES ($1, 'Rent', 'Rent', '2026-01-01', 10000000, 10000000)`,
          [I.leaseActive],
        );
        await client.query(
          `INSERT INTO lease_application_pages (name, company_id, application_fee_amount) VALUES ('two-fee', $1, 3500)`,
          [I.companyCa],
        );
      } finally {
        await client.end();
      }
      const token = await signIn(servers[0].base);
      // Applications for another property: a submitted one stops payments on its own property's lease (spec 1 §4).
      const applicant = token;
      const live = () => servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null);
      let turn = 0;
      /** Sends to the live servers in turn, trying the next one on a dropped connection, a 5xx or "still running". */
      async function send(method: string, path: string, body: unknown, key: string | null, bearer = token) {
        for (let attempt = 0; attempt < 200; attempt++) {
          const targets = live();
          const server = targets[turn++ % targets.length];
          try {
            const res = await fetch(`${server.base}/api${path}`, {
              method,
              headers: {
                authorization: `Bearer ${bearer}`,
                'content-type': 'application/json',
                ...(key ? { 'idempotency-key': key } : {}),
              },
              body: body === undefined ? undefined : JSON.stringify(body),
              signal: AbortSignal.timeout(20_000),
            });
            const json = (await res.json()) as Record<string, unknown>;
            if (res.status < 500 && json.errorCode !== 'RM_ERROR_IDEMPOTENCY_CONFLICT') return { status: res.status, json };
          } catch {
            // the connection died with the server: the next one
          }
          await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
        }
        throw new Error(`no answer for ${path}`);
      }

      const answers: { kind: string; status: number; json: Record<string, unknown> }[] = [];
      const applicationIds: string[] = [];
      const payments = Array.from({ length: PAYMENTS }, (_, i) => async () => {
        const res = await send(
          'POST',
          '/processpayment',
          {
            billingAccountId: I.leaseActive,
            billingAccountType: 'TYPE_PROPERTY_LEASE',
            paymentMethodId: I.cardVisa,
            paymentMethodType: 'TYPE_CREDIT_CARD',
            amount: 10 + (i % 9),
          },
          randomUUID(),
        );
        answers.push({ kind: 'payment', ...res });
      });
      const applications = Array.from({ length: APPLICATIONS }, () => async () => {
        const created = await send(
          'GET',
          `/lease_application/new?pageName=two-fee&propertyId=${I.propertyCaOld}`,
          undefined,
          null,
          applicant,
        );
        const id = created.json.id as string;
        applicationIds.push(id);
        const res = await send(
          'POST',
          `/lease_application/${id}/submit`,
          {
            propertyId: I.propertyCaOld,
            acknowledgedTerms: true,
            paymentMethodId: I.cardVisa,
            paymentMethodType: 'TYPE_CREDIT_CARD',
          },
          `submit-${id}`,
        );
        answers.push({ kind: 'application', ...res });
      });
      const work = [...payments, ...applications].sort(() => Math.random() - 0.5);
      let next = 0;
      const workers = Array.from({ length: 6 }, async () => {
        while (next < work.length) await work[next++]();
      });
      // The first server dies mid-flight; a new one comes up in its place a moment later.
      await new Promise((r) => setTimeout(r, 400));
      servers[0].child.kill('SIGKILL');
      await servers[0].exited;
      servers.push(await startServer(env));
      await Promise.all(workers);
      for (const s of live()) {
        s.child.kill('SIGTERM');
        await s.exited;
      }

      // What the recovery then settles (the servers' own pass runs every 30 s): nothing left INPROCESS.
      const database = await openDatabase({ databaseUrl: db });
      const app = await buildApp({
        database,
        config: {
          port: 0,
          host: '127.0.0.1',
          dataDir,
          jwtSecret: env.JWT_SECRET,
          storageDir: join(dataDir, 'files'),
          authorizeRateLimit: { max: 1000, timeWindowMs: 60_000 },
          logLevel: 'silent',
        },
      });
      try {
        await recoverPayments(app.ctx, { olderThanMs: 0 });
        const raw = database.raw;
        // Every payment answered as paid (the client retried until it had an answer), every application submitted.
        expect(
          answers.filter((a) => a.status !== 200).map((a) => `${a.kind} ${a.status} ${a.json.errorCode}: ${a.json.message}`),
        ).toEqual([]);
        expect(answers).toHaveLength(PAYMENTS + APPLICATIONS);
        // Never a charge without its transaction, nor under a transaction recorded as refused or cancelled.
        const orphans = await raw(
          `SELECT c.idempotency_key, t.status FROM sandbox_processor_charges c
           LEFT JOIN payment_transactions t ON t.id = c.idempotency_key
           WHERE c.status IN ('APPROVED', 'PENDING') AND (t.id IS NULL OR t.status NOT IN ('COMPLETE', 'PENDING', 'ONHOLD'))`,
        );
        expect(orphans.rows).toEqual([]);
        // One charged fee per application, one transaction per key; nothing left INPROCESS.
        const fees = await raw(
          `SELECT t.billing_account_id, count(*)::int AS n FROM payment_transactions t
           JOIN sandbox_processor_charges c ON c.idempotency_key = t.id AND c.status = 'APPROVED'
           WHERE t.billing_account_id = ANY($1::text[]) GROUP BY 1`,
          [applicationIds],
        );
        // (GET /lease_application/new answers the page's open draft: some submits share one application and its key.)
        const distinct = new Set(applicationIds);
        expect(fees.rows.map((r) => Number(r.n))).toEqual(Array(distinct.size).fill(1));
        const perKey = await raw(
          `SELECT idempotency_key FROM payment_transactions WHERE idempotency_key IS NOT NULL GROUP BY user_id, idempotency_key HAVING count(*) > 1`,
        );
        expect(perKey.rows).toEqual([]);
        const stuck = await raw(`SELECT id FROM payment_transactions WHERE status = 'INPROCESS' AND idempotency_key IS NOT NULL`);
        expect(stuck.rows).toEqual([]);
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await dropThrowawayDatabase(url, db).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
