// `npm run jobs -- --now <ISO instant>` (issue 10 "Scheduling"): runs every job due as of that instant (jobs/run-jobs.ts)
// and prints what it did and which way it ran. Only one process may open an embedded database, so:
//   - PGlite, a server holding the data folder (its lock is live): the server runs them, asked through an authenticated
//     local call (POST /api/internal/jobs/run on the loopback address with the secret it wrote to DATA_DIR/jobs.secret);
//   - PGlite, no server: this process takes the folder's lock (a server started meanwhile refuses cleanly), opens the
//     data, migrates if needed, runs, closes and releases;
//   - PostgreSQL (DATABASE_URL): runs directly; runners at once are safe (FOR UPDATE SKIP LOCKED and unique keys).
// Exit status: 0 done, 1 failed (with the reason on stderr), 2 bad arguments.
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError, type LockHolder, readDataLockHolder } from '../db/data-lock.ts';
import { JOBS_SECRET_HEADER, jobsSecretPath, readJobsSecret } from '../routes/internal/jobs-secret.ts';
import { JOBS_USAGE, parseJobsArgs, UsageError } from './cli-args.ts';
import type { IdList, JobReport } from './run-jobs.ts';
import { runJobs } from './run-jobs.ts';

/** A failure the user can act on: printed as is, exit 1. */
class JobsCliError extends Error {}
/** The server that held the folder went away before answering: open the folder instead. */
class ServerGone extends Error {}

type RanVia =
  | { kind: 'server'; pid: number; port: number; dataFolder: string }
  | { kind: 'data-folder'; dataFolder: string }
  | { kind: 'postgres'; database: string };

interface Outcome {
  ranVia: RanVia;
  report: JobReport;
}

/** How long to wait for a server that holds the folder but does not listen yet (it is starting: migrations, seed). */
const SERVER_START_WAIT_MS = Number(process.env.JOBS_SERVER_WAIT_MS ?? 60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function postJson(
  host: string,
  port: number,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const text = JSON.stringify(body);
  return new Promise((resolvePromise, reject) => {
    // No timeout: a run over thousands of schedules may take a minute; the server answers when it is done.
    const req = request(
      {
        host,
        port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          data += d;
        });
        res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body: data }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

function ping(host: string, port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const req = request({ host, port, path: '/api/ping', method: 'GET', timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolvePromise(res.statusCode === 200));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolvePromise(false));
    req.end();
  });
}

const sameHolder = (a: LockHolder | null, b: LockHolder) => a?.token === b.token;

/** The running server runs the jobs: wait until it listens, read its secret, ask it. */
async function viaServer(holder: LockHolder, dataDir: string, folder: string, now: Date): Promise<Outcome> {
  const who = `pid ${holder.pid}${holder.port ? `, port ${holder.port}` : ''}, started ${holder.startedAt}`;
  if (holder.host !== hostname()) {
    throw new JobsCliError(
      `The data folder ${folder} is held by a process on host ${holder.host} (${who}): run npm run jobs on that host.`,
    );
  }
  if (!holder.port) {
    throw new JobsCliError(
      `The data folder ${folder} is open by process ${who}, which is not a server (another npm run jobs?): try again once it has ended.`,
    );
  }
  const port = holder.port;
  const host = process.env.HOST === '::1' ? '::1' : '127.0.0.1';
  // A server writes its port into the lock as it opens the database, and listens once migrated: wait for that.
  const until = Date.now() + SERVER_START_WAIT_MS;
  let told = false;
  while (!(await ping(host, port))) {
    if (!sameHolder(readDataLockHolder(folder), holder)) throw new ServerGone();
    if (Date.now() > until) {
      throw new JobsCliError(
        `The server holding ${folder} (${who}) does not answer on ${host}:${port}. It must listen on the loopback ` +
          'address (HOST unset, 0.0.0.0 or 127.0.0.1); if it hangs, restart it.',
      );
    }
    if (!told && Date.now() > until - SERVER_START_WAIT_MS + 2000) {
      process.stderr.write(`Waiting for the server (${who}) to listen on ${host}:${port}…\n`);
      told = true;
    }
    await sleep(250);
  }
  // Read once it listens: a server writes a fresh secret before it listens, so this one is the live server's.
  const secret = readJobsSecret(dataDir);
  if (!secret) {
    throw new JobsCliError(
      `The server holding ${folder} (${who}) left no ${jobsSecretPath(dataDir)}, so it takes no job runs (an older ` +
        'version?): restart it, or stop it and run this command again.',
    );
  }
  let answer: { status: number; body: string };
  try {
    answer = await postJson(host, port, '/api/internal/jobs/run', { now: now.toISOString() }, { [JOBS_SECRET_HEADER]: secret });
  } catch (err) {
    if (!sameHolder(readDataLockHolder(folder), holder)) throw new ServerGone();
    throw new JobsCliError(`The server holding ${folder} (${who}) did not answer the job run: ${(err as Error).message}`);
  }
  if (answer.status !== 200) {
    let message = answer.body.slice(0, 500);
    try {
      message = (JSON.parse(answer.body) as { message?: string }).message ?? message;
    } catch {
      // not the JSON envelope: the raw text
    }
    const reason =
      answer.status === 401 || answer.status === 403
        ? 'refused the job run'
        : answer.status === 404
          ? 'has no job-run route (an older version? restart it)'
          : 'failed the job run';
    throw new JobsCliError(`The server holding ${folder} (${who}) ${reason}: HTTP ${answer.status}, ${message}`);
  }
  return { ranVia: { kind: 'server', pid: holder.pid, port, dataFolder: folder }, report: JSON.parse(answer.body) as JobReport };
}

const logLine = (msg: string, data?: object) => process.stderr.write(`  ${msg}${data ? ` ${JSON.stringify(data)}` : ''}\n`);

/** Opens the database (the folder's lock for PGlite), runs, closes. */
async function runHere(open: { dataDir: string } | { databaseUrl: string }, now: Date): Promise<JobReport> {
  const config = loadConfig();
  const database = await openDatabase(open);
  try {
    const app = await buildApp({ database, config: { ...config, webDist: undefined }, logger: false });
    try {
      return await runJobs(app.ctx, { now, log: logLine });
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** "postgres://user:secret@host:5432/db?x" → "host:5432/db": never print a password. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

async function runSomewhere(now: Date): Promise<Outcome> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (databaseUrl) {
    return { ranVia: { kind: 'postgres', database: describeUrl(databaseUrl) }, report: await runHere({ databaseUrl }, now) };
  }
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const folder = join(dataDir, 'pglite');
  // No database yet: nothing can be due, and a mistyped DATA_DIR must not get a new empty database.
  if (!existsSync(folder)) {
    throw new JobsCliError(
      `There is no embedded database at ${folder} (DATA_DIR): start the portal once (npm start) or set DATA_DIR to its data folder.`,
    );
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const holder = readDataLockHolder(folder);
    if (holder) {
      try {
        return await viaServer(holder, dataDir, folder, now);
      } catch (err) {
        if (err instanceof ServerGone) continue; // it stopped meanwhile: the folder may be free now
        throw err;
      }
    }
    try {
      return { ranVia: { kind: 'data-folder', dataFolder: folder }, report: await runHere({ dataDir: folder }, now) };
    } catch (err) {
      if (err instanceof DataDirLockedError) continue; // a server took the folder meanwhile: ask it
      throw err;
    }
  }
  throw new JobsCliError(`The data folder ${folder} kept changing hands (servers starting and stopping): try again.`);
}

function describeVia(via: RanVia): string {
  if (via.kind === 'server')
    return `Ran via the running server (pid ${via.pid}, port ${via.port}), which holds the data folder ${via.dataFolder}.`;
  if (via.kind === 'data-folder')
    return `Opened the data folder ${via.dataFolder} itself (no server is running on it), ran, closed it.`;
  return `Ran directly on PostgreSQL (${via.database}); other runners at once never pay twice (FOR UPDATE SKIP LOCKED).`;
}

const SHOWN_IDS = 10;

function line(label: string, list: IdList): string {
  const shown = list.ids.slice(0, SHOWN_IDS);
  const more = list.count - shown.length;
  const ids = shown.length ? `  ${shown.join(', ')}${more > 0 ? `, … ${more} more (--json lists up to 1000)` : ''}` : '';
  return `  ${label.padEnd(28)} ${String(list.count).padStart(6)}${ids}`;
}

function formatReport(outcome: Outcome): string {
  const r = outcome.report;
  const out = [describeVia(outcome.ranVia), `Jobs due as of ${r.now} (runner ${r.runnerId}):`];
  out.push(line('charges posted', r.charges.posted));
  out.push(line('late fees posted', r.charges.lateFees));
  out.push(line('credits applied (leases)', r.charges.creditsApplied));
  out.push(line('autopay paid', r.autopay.paid));
  out.push(line('autopay paid late (grace)', r.autopay.paidLate));
  out.push(line('autopay failed', r.autopay.failed));
  const skipped = Object.entries(r.autopay.skipped);
  if (skipped.length === 0) out.push(line('autopay skipped', { count: 0, ids: [] }));
  for (const [reason, list] of skipped) out.push(line(`autopay skipped (${reason})`, list));
  out.push(line('reminders queued', r.remindersQueued));
  out.push(line('instalments paid', r.instalments.paid));
  out.push(line('instalments failed', r.instalments.failed));
  out.push(line('cash vouchers expired', r.vouchersExpired));
  out.push(line('bank payments settled', r.bankPaymentsSettled));
  out.push(line('screenings answered', r.screenings.answered));
  out.push(line('screenings still pending', r.screenings.pending));
  out.push(line('screenings given up (ERROR)', r.screenings.errored));
  out.push(line('approved leases activated', r.leasesActivated));
  // issue 22: the month's Metro 2 file for the credit bureau (once a month is over)
  const cr = r.creditReports;
  if (cr.period)
    out.push(
      `  ${`credit reports ${cr.period}`.padEnd(28)} ${String(cr.records).padStart(6)} records${cr.built ? ', file built' : ''}${
        cr.delivered ? `, delivered: ${cr.accepted} accepted, ${cr.rejected} rejected` : ''
      }`,
    );
  out.push(`  ${'e-mails sent / failed'.padEnd(28)} ${String(r.emails.sent).padStart(6)} / ${r.emails.failed}`);
  for (const e of r.errors) out.push(`  FAILED step ${e.step}: ${e.error}`);
  out.push(`Done in ${(r.durationMs / 1000).toFixed(1)} s${r.errors.length ? `, ${r.errors.length} step(s) failed` : ''}.`);
  return out.join('\n');
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseJobsArgs>;
  try {
    args = parseJobsArgs(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`npm run jobs: ${err.message}\nSee: npm run jobs -- --help\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${JOBS_USAGE}\n`);
    return 0;
  }
  let outcome: Outcome;
  try {
    outcome = await runSomewhere(args.now);
  } catch (err) {
    if (err instanceof JobsCliError || err instanceof DataDirLockedError) {
      process.stderr.write(`npm run jobs: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  if (args.json)
    process.stdout.write(`${JSON.stringify({ ranVia: outcome.ranVia, now: outcome.report.now, report: outcome.report })}\n`);
  else process.stdout.write(`${formatReport(outcome)}\n`);
  return outcome.report.errors.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`npm run jobs failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
