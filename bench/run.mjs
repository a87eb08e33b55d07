#!/usr/bin/env node
// npm run bench: the dashboard's data calls, POST /calculatefeewithfeeprofile and POST /processpayment, each measured
// three ways side by side, on PGlite (and PostgreSQL when BENCH_DATABASE_URL names a server), the double-charge count of
// a concurrent retry run of payments, the server's memory around a burst of uploads, plus the gzip size of the JavaScript
// each route loads, and Lighthouse's mobile figures of every first screen (bench/lighthouse.mjs). BENCH_ONLY=fees (or
// dashboard, payments, uploads, lighthouse, fairuse, autopay, console, kpi, memory) runs one workload and skips the bundle sizes. fairuse: a
// tenant's light search alone and while another tenant floods heavy ones (bench/fair-use-workload.ts). autopay: one job
// run over 10,000 schedules due the same day, payments/s and memory (bench/autopay-workload.ts).
import { fork, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { lighthouseFigures, printLighthouse } from './lighthouse.mjs';
import { idleMemory, printIdleMemory } from './memory-idle.mjs';

const root = new URL('..', import.meta.url).pathname;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ONLY = process.env.BENCH_ONLY ?? null;
const WORKLOADS = ['dashboard', 'fees', 'payments'].filter((w) => !ONLY || w === ONLY);

/** The V8 flags `npm start` gives the server (package.json's start script), so the bench's server is tuned like it. */
const START_FLAGS = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  .scripts.start.split(/\s+/)
  .filter((a) => a.startsWith('--max-semi-space-size'));

function child(script, args) {
  return fork(join(root, 'bench', script), args, {
    execArgv: ['--import', 'tsx', ...(script === 'server.ts' ? START_FLAGS : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}
/** The child's next message; rejects if it exits first. */
const once = (proc) =>
  new Promise((resolve, reject) => {
    const onExit = (code) => reject(new Error(`child exited ${code}`));
    proc.once('message', (m) => {
      proc.off('exit', onExit);
      resolve(m);
    });
    proc.once('exit', onExit);
  });

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: SECONDS, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

const ROUNDS = 3;
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 10);
const sum = (xs) => xs.reduce((t, x) => t + x, 0);
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

async function measure(kind) {
  // Both children are up from the start; each round runs the API, then the same SQL directly, back to back, so a
  // burst of noise on this shared machine hits one round rather than one side.
  const server = child('server.ts', [kind]);
  const direct = child('direct.ts', [kind]);
  const [{ port, barePort, floorPort, searches, fee, payment, databaseName }, { hasInThread }] = await Promise.all([
    once(server),
    once(direct),
  ]);
  const base = `http://127.0.0.1:${port}`;
  const auth = await fetch(`${base}/api/authorize`, {
    headers: { authorization: `Basic ${Buffer.from('tenant@demo.test:Demo1234').toString('base64')}` },
  });
  const { access_token } = await auth.json();
  const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
  // Exactly the calls whose SQL direct.ts runs (services/search/dashboard-queries.ts; bench/fee-workload.ts).
  const requestsOf = {
    dashboard: searches.map((q) => ({
      method: 'POST',
      path: `/api/${q.recordType}/search?page=${q.query.page}&recordsPerPage=${q.query.recordsPerPage}`,
      headers,
      body: JSON.stringify(q.body),
    })),
    fees: [{ method: 'POST', path: fee.path, headers, body: JSON.stringify(fee.body) }],
    // A new Idempotency-Key for every request (bench/payment-workload.ts; the floor replays with the same key).
    payments: [
      {
        method: 'POST',
        path: payment.path,
        headers,
        body: JSON.stringify(payment.body),
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } }),
      },
    ],
  };
  const kindName = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const rows = {};
  for (const workload of WORKLOADS) {
    const requests = requestsOf[workload];
    let shape = null;
    if (workload === 'payments') {
      // Payments change the data: both databases are made ready (and one payment recorded) only now.
      const replies = Promise.all([once(server), once(direct)]);
      for (const p of [server, direct]) p.send({ preparePayments: true });
      const [prepared] = await replies;
      shape = prepared.shape;
    }
    const directRun = (seconds, inThread = false) => {
      const reply = once(direct);
      direct.send({ run: seconds, inThread, workload });
      return reply.then((m) => m.rps);
    };
    // Every call must succeed, or the figures mean nothing.
    for (const r of requests) {
      const { headers: h } = r.setupRequest ? r.setupRequest(r) : r;
      const res = await fetch(base + r.path, { method: r.method, headers: h, body: r.body });
      if (!res.ok) throw new Error(`${r.path} answered ${res.status}: ${await res.text()}`);
    }
    await cannon({ url: base, requests, duration: 2 }); // warm up
    const slice = SECONDS / ROUNDS;
    const rounds = [];
    let errors = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const api = await cannon({ url: base, requests, duration: slice });
      const directRps = await directRun(slice);
      const floor = await cannon({ url: `http://127.0.0.1:${floorPort}`, requests, duration: slice });
      const inThreadRps = hasInThread ? await directRun(slice, true) : null;
      errors += api.errors + api.non2xx + floor.errors + floor.non2xx;
      rounds.push({
        api,
        apiRps: api.requests.average,
        directRps,
        floorRps: floor.requests.average,
        floorP99: floor.latency.p99,
        inThreadRps,
      });
    }
    let fixed = null;
    let fixedBurst = null;
    if (workload === 'dashboard') {
      // 100 req/s evenly paced (one connection), and the same rate from 10 connections, which autocannon sends
      // in phase: a burst of 10 requests every 100 ms.
      // Three rounds, each the API then the floor (the same process, so a pause of the machine or of the heap
      // shared by both lands in one round): the median round of each is reported, the floor's beside the API's.
      const paced = [];
      for (let i = 0; i < ROUNDS; i++) {
        const api = await cannon({ url: base, requests, connections: 1, overallRate: 100, duration: PACED_SECONDS });
        const floor = await cannon({
          url: `http://127.0.0.1:${floorPort}`,
          requests,
          connections: 1,
          overallRate: 100,
          duration: PACED_SECONDS,
        });
        errors += api.errors + api.non2xx + floor.errors + floor.non2xx;
        paced.push({ api: api.latency.p99, floor: floor.latency.p99 });
      }
      fixed = paced;
      fixedBurst = await cannon({ url: base, requests, overallRate: 100 });
      errors += fixedBurst.errors + fixedBurst.non2xx;
    }
    let retries = null;
    if (workload === 'payments') {
      retries = await retryRun(base, headers, payment, kind, server, databaseName);
      const audit = once(server);
      server.send({ audit: retries.keys });
      retries.audit = (await audit).audit;
    }
    const mean = (key) => sum(rounds.map((r) => r[key])) / ROUNDS;
    // On PGlite, (b) is PGlite inside the calling thread, the raw library with no thread hop: the stricter of the
    // two baselines (the app's driver, PGlite on its own thread, is reported beside it).
    if (hasInThread) {
      for (const r of rounds) [r.directRps, r.driverRps] = [r.inThreadRps, r.directRps];
    }
    rows[workload] = {
      kind: kindName,
      apiRps: mean('apiRps'),
      apiP99: Math.max(...rounds.map((r) => r.api.latency.p99)),
      fixedP99: fixed ? median(fixed.map((p) => p.api)) : null,
      fixedRounds: fixed,
      burstP99: fixedBurst?.latency.p99 ?? null,
      directRps: mean('directRps'),
      ratios: rounds.map((r) => r.apiRps / r.directRps),
      floorRatios: rounds.map((r) => r.floorRps / r.directRps),
      apiFloorRatios: rounds.map((r) => r.apiRps / r.floorRps),
      floorRps: mean('floorRps'),
      floorP99: Math.max(...rounds.map((r) => r.floorP99)),
      driverRps: hasInThread ? mean('driverRps') : null,
      errors,
      shape,
      retries,
    };
  }
  const bare = await cannon({ url: `http://127.0.0.1:${barePort}/bare` });
  server.send({ stop: true });
  direct.send({ stop: true });
  await Promise.all([server, direct].map((p) => new Promise((r) => p.once('exit', r))));
  for (const row of Object.values(rows)) row.bareRps = bare.requests.average;
  return rows;
}

/**
 * The concurrent retry run: RETRY_PAYMENTS payments, each sent RETRY_COPIES times at once with the same Idempotency-Key
 * (RETRY_BATCH payments at a time), then the server counts processor charges and ledger transactions per key. issue 20:
 * while it runs, RETRY_FAULT_RATE of the charges lose their answer after the money was taken (the request fails), and
 * on PostgreSQL the running statements are also cancelled every 3-13 ms; a key not answered 200 is sent again, as the
 * tenant's retry, until it is. 0 double charges, 0 duplicate transactions, 0 uncharged keys is the only good result.
 */
const RETRY_PAYMENTS = 200;
const RETRY_COPIES = 5;
const RETRY_BATCH = 20;
const RETRY_FAULT_RATE = 0.05;
async function retryRun(base, headers, payment, kind, server, databaseName) {
  const keys = Array.from({ length: RETRY_PAYMENTS }, (_, i) => `bench-retry-${i}-${randomUUID()}`);
  const send = (key) =>
    fetch(base + payment.path, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': key },
      body: JSON.stringify(payment.body),
    }).then(async (res) => `${res.status} ${await res.text()}`);
  const set = (faultRate) => {
    const reply = once(server);
    server.send({ faultRate });
    return reply;
  };
  await set(RETRY_FAULT_RATE);
  const storm = kind === 'pglite' ? null : await cancelStorm(kind, databaseName);
  const answers = [];
  let interrupted = 0;
  try {
    for (let i = 0; i < keys.length; i += RETRY_BATCH) {
      const batch = keys.slice(i, i + RETRY_BATCH).map(async (key) => {
        const copies = await Promise.all(Array.from({ length: RETRY_COPIES }, () => send(key)));
        interrupted += copies.filter((a) => !a.startsWith('200 ')).length;
        // The tenant's retry: the same key until an answer.
        for (let attempt = 0; attempt < 40 && !copies.some((a) => a.startsWith('200 ')); attempt++) {
          await new Promise((r) => setTimeout(r, 100));
          copies.push(await send(key));
        }
        return copies.filter((a) => a.startsWith('200 '));
      });
      answers.push(...(await Promise.all(batch)));
    }
  } finally {
    await storm?.stop();
    await set(0);
  }
  return {
    keys,
    interrupted,
    cancelled: storm?.cancelled() ?? 0,
    notOk: answers.filter((ok) => ok.length === 0).length,
    differing: answers.filter((ok) => new Set(ok).size > 1).length,
  };
}

/** PostgreSQL: cancels the running statements of the benchmark server's database every 3-13 ms until stopped. */
async function cancelStorm(url, databaseName) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let running = true;
  let cancelled = 0;
  const loop = (async () => {
    while (running) {
      const res = await client.query(
        `SELECT count(*) FILTER (WHERE pg_cancel_backend(pid))::int AS n FROM pg_stat_activity
         WHERE datname = $1 AND pid <> pg_backend_pid() AND state = 'active'`,
        [databaseName],
      );
      cancelled += res.rows[0].n;
      await new Promise((r) => setTimeout(r, 3 + Math.random() * 10));
    }
  })();
  return {
    cancelled: () => cancelled,
    stop: async () => {
      running = false;
      await loop;
      await client.end();
    },
  };
}

function bundleSizes() {
  const dist = join(root, 'apps/web/dist');
  if (!existsSync(join(dist, '.vite/manifest.json'))) {
    const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('web build failed');
  }
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  // A screen the build put in its first-load chunk (apps/web/vite.config.ts, firstLoadChunks) has no entry of its own:
  // that chunk, named after the screen, stands for it.
  const firstLoad = {
    'src/features/auth/sign-in-page.tsx': 'signin',
    'src/app/shell/app-shell.tsx': 'shell',
    'src/features/dashboard/dashboard-page.tsx': 'dashboard',
  };
  const keyOf = (key) =>
    manifest[key] ? key : Object.keys(manifest).find((k) => manifest[k].name === firstLoad[key] && k.endsWith('.js'));
  const collect = (key, set) => {
    const entry = manifest[keyOf(key)];
    if (!entry || set.has(entry.file)) return;
    set.add(entry.file);
    for (const imp of entry.imports ?? []) collect(imp, set);
  };
  const gz = (set) => [...set].reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length, 0);
  const route = (...keys) => {
    const set = new Set();
    collect('index.html', set);
    for (const k of keys) collect(k, set);
    return gz(set);
  };
  return {
    signIn: route('src/features/auth/sign-in-page.tsx'),
    dashboard: route('src/app/shell/app-shell.tsx', 'src/features/dashboard/dashboard-page.tsx'),
  };
}

const kinds = ['pglite'];
if (process.env.BENCH_DATABASE_URL) kinds.push(process.env.BENCH_DATABASE_URL);
const measured = [];
if (WORKLOADS.length) for (const k of kinds) measured.push(await measure(k));
// Upload memory (issue 9, bench/upload-workload.ts): the real server's resident memory around 60 uploads of 9.9 MB.
const uploads = !ONLY || ONLY === 'uploads' ? (await once(child('upload-workload.ts', []))).uploads : null;
// Fair use (issue 9, bench/fair-use-workload.ts): tenant B's light search alone, then while tenant A floods heavy ones.
const fairUse = !ONLY || ONLY === 'fairuse' ? (await once(child('fair-use-workload.ts', kinds))).fairUse : null;
// Autopay (issue 10, bench/autopay-workload.ts): one job run over 10,000 schedules due the same day (BENCH_AUTOPAY_COUNT).
const autopay = !ONLY || ONLY === 'autopay' ? (await once(child('autopay-workload.ts', kinds))).autopay : null;
// The manager's console (issue 23, bench/console-workload.ts): list and ledger pages of a 2,000-lease property and a
// 5,000-row lease ledger.
const consoleRows = !ONLY || ONLY === 'console' ? (await once(child('console-workload.ts', kinds))).console : null;
// The admin's statistics and KPIs (issue 24, bench/kpi-workload.ts): a year of monthly payments of 10,000 leases.
const kpiRows = !ONLY || ONLY === 'kpi' ? (await once(child('kpi-workload.ts', kinds))).kpi : null;
// Memory at idle (issue 21 §3, bench/memory-idle.mjs): all of npm start's processes on a first start.
const memory = !ONLY || ONLY === 'memory' ? await idleMemory(kinds) : null;
const sizes = ONLY ? null : bundleSizes();
// Lighthouse 12 mobile on the first load of every screen a tenant opens first (issues 9, 21 §4, bench/lighthouse.mjs):
// a fresh build, the real server.
const lighthouse = !ONLY || ONLY === 'lighthouse' ? await lighthouseFigures() : null;

const f0 = (n) => n.toFixed(0).padStart(8);
const f1 = (n) => n.toFixed(1).padStart(8);
const pct = (x) => `${(x * 100).toFixed(0)}%`;
const rounds = (xs) => xs.map(pct).join(' ');
const rows = measured.map((m) => m.dashboard).filter(Boolean);
if (rows.length) {
  console.log(
    `\nDashboard data calls (3 searches: leases+joins, open charges, 5 transactions), 10 connections, loopback;`,
    `(a), (b) and (d) in ${ROUNDS} alternating rounds of ${(SECONDS / ROUNDS).toFixed(1)} s; (a)/(b) is the median round`,
  );
  console.log(
    'database     (a) API req/s  (a) p99 ms  p99 @100/s  (bursts of 10)  (b) SQL q/s  (a)/(b)  (d) floor req/s  (c) bare req/s  errors',
  );
  for (const r of rows) {
    console.log(
      `${r.kind.padEnd(12)} ${f0(r.apiRps)}      ${f1(r.apiP99)}    ${f1(r.fixedP99)}    ${f1(r.burstP99)}       ${f0(r.directRps)}    ${pct(median(r.ratios)).padStart(4)}   ${f0(r.floorRps)}         ${f0(r.bareRps)}        ${r.errors}`,
    );
    console.log(
      `  (a)/(b) by round: ${rounds(r.ratios)}; (d)/(b): ${rounds(r.floorRatios)}; (a)/(d), the API against the floor (target >= 90%): ${rounds(r.apiFloorRatios)}, median ${pct(median(r.apiFloorRatios))}`,
    );
    if (r.fixedRounds) {
      console.log(
        `  p99 at 100 req/s evenly paced by round (${PACED_SECONDS} s each), API / floor: ${r.fixedRounds.map((p) => `${p.api}/${p.floor} ms`).join(', ')}; medians ${median(r.fixedRounds.map((p) => p.api))} / ${median(r.fixedRounds.map((p) => p.floor))} ms`,
      );
    }
    if (r.driverRps) {
      console.log(
        `  (b) is PGlite inside the calling thread; through the app's driver (PGlite on its own thread) the same SQL runs at ${r.driverRps.toFixed(0)} q/s.`,
      );
    }
  }
  console.log(
    `targets: (a)/(d) >= 90%; p99 at 100 req/s <= 5 ms on PostgreSQL, <= 10 ms on PGlite (evenly paced, median of ${ROUNDS} rounds; the burst column is the same rate sent 10 at a time). The server runs with npm start's V8 flags (${START_FLAGS.join(' ') || 'none'}).`,
  );
  console.log(
    '(d) is bare node:http running the same SQL: no framework, auth, validation or paging. (d)/(b) is what any HTTP API can reach here.',
  );
}
const feeRows = measured.map((m) => m.fees).filter(Boolean);
if (feeRows.length) {
  console.log(
    `\nPOST /calculatefeewithfeeprofile (one fee lookup statement: method + company + profiles), 10 connections, loopback;`,
    `(a), (b) and (d) in ${ROUNDS} alternating rounds of ${(SECONDS / ROUNDS).toFixed(1)} s; ratios are the median round`,
  );
  console.log('database     (a) API req/s  (a) p99 ms  (b) SQL q/s  (a)/(b)  (d) floor req/s  (d) p99 ms  (a)/(d)  errors');
  for (const r of feeRows) {
    console.log(
      `${r.kind.padEnd(12)} ${f0(r.apiRps)}      ${f1(r.apiP99)}     ${f0(r.directRps)}    ${pct(median(r.ratios)).padStart(4)}   ${f0(r.floorRps)}         ${f1(r.floorP99)}    ${pct(median(r.apiFloorRatios)).padStart(4)}    ${r.errors}`,
    );
    console.log(
      `  (a)/(d) by round: ${rounds(r.apiFloorRatios)}; (a)/(b): ${rounds(r.ratios)}; (d)/(b): ${rounds(r.floorRatios)}`,
    );
    if (r.driverRps)
      console.log(`  through the app's driver (PGlite on its own thread) the same SQL runs at ${r.driverRps.toFixed(0)} q/s.`);
  }
  console.log('target: (a)/(d) >= 90% (the API at 90% or more of bare node:http running the same SQL)');
}
const paymentRows = measured.map((m) => m.payments).filter(Boolean);
if (paymentRows.length) {
  console.log(
    `\nPOST /processpayment, a new Idempotency-Key each request (${paymentRows[0].shape}), 10 connections, loopback;`,
    `(a), (b) and (d) in ${ROUNDS} alternating rounds of ${(SECONDS / ROUNDS).toFixed(1)} s; ratios are the median round`,
  );
  console.log('database     (a) API req/s  (a) p99 ms  (b) SQL pay/s  (a)/(b)  (d) floor req/s  (d) p99 ms  (a)/(d)  errors');
  for (const r of paymentRows) {
    console.log(
      `${r.kind.padEnd(12)} ${f0(r.apiRps)}      ${f1(r.apiP99)}     ${f0(r.directRps)}      ${pct(median(r.ratios)).padStart(4)}   ${f0(r.floorRps)}         ${f1(r.floorP99)}    ${pct(median(r.apiFloorRatios)).padStart(4)}    ${r.errors}`,
    );
    console.log(
      `  (a)/(d) by round: ${rounds(r.apiFloorRatios)}; (a)/(b): ${rounds(r.ratios)}; (d)/(b): ${rounds(r.floorRatios)}`,
    );
    if (r.driverRps)
      console.log(
        `  through the app's driver (PGlite on its own thread) the same SQL runs at ${r.driverRps.toFixed(0)} payments/s.`,
      );
    const a = r.retries.audit;
    const faults = `${a.injectedFaults} answers lost after the charge${r.kind === 'PostgreSQL' ? `, ${r.retries.cancelled} statements cancelled` : ''}`;
    console.log(
      `  concurrent retries: ${a.keys} payments each sent ${RETRY_COPIES}x at once with one key, through ${faults} (${r.retries.interrupted} requests interrupted, each retried with its key):`,
      `${a.doubleCharges} double charges, ${a.duplicateTransactions} duplicate transactions, ${a.uncharged} keys uncharged, ${a.inProcess} left INPROCESS`,
      `(${a.charges} processor charges, ${a.transactions} ledger transactions; ${r.retries.differing} keys with differing answers, ${r.retries.notOk} never answered 200)`,
    );
  }
  console.log(
    'columns: (a) the API, POST /processpayment with auth, validation, idempotency, rules and fee (req/s, and p99 latency);',
  );
  console.log(
    '  (b) the same payment statements straight through the driver, 10 loops, no HTTP and no processor charge (payments/s);',
  );
  console.log(
    '  (d) bare node:http running the same statements and the same sandbox processor charge, no framework, auth or validation;',
  );
  console.log(
    '  errors: failed or non-2xx requests of (a) and (d). target: (a)/(d) >= 90%; double charges and duplicate transactions 0',
  );
}
if (!process.env.BENCH_DATABASE_URL)
  console.log('(set BENCH_DATABASE_URL=postgres://user:pw@127.0.0.1:5432/postgres to add the PostgreSQL row)');
if (sizes) {
  console.log(
    `\nJavaScript loaded per route (gzip): sign-in ${(sizes.signIn / 1024).toFixed(1)} KB, dashboard ${(sizes.dashboard / 1024).toFixed(1)} KB (target <= 170 KB each)`,
  );
}
if (uploads) {
  const u = uploads;
  console.log(
    `\nUploads (issue 9): ${u.uploads} x ${u.fileMb.toFixed(1)} MB, ${u.concurrency} at a time, to the real server process (${((u.uploads * u.fileMb) / u.seconds).toFixed(0)} MB/s, ${u.failed} failed)`,
  );
  console.log(
    `  server resident memory: baseline ${u.baselineMb.toFixed(0)} MB, peak ${u.peakMb.toFixed(0)} MB (+${(u.peakMb - u.baselineMb).toFixed(0)}), after ${u.settleSeconds.toFixed(0)} s idle ${u.afterMb.toFixed(0)} MB (+${(u.afterMb - u.baselineMb).toFixed(0)})`,
  );
  console.log('  target: memory back near its baseline after the burst (uploads stream to disk, never whole in memory)');
}
if (lighthouse) printLighthouse(lighthouse);
if (memory) printIdleMemory(memory);
if (fairUse) {
  console.log(
    `\nFair use (issue 9): tenant B's light search (open charges of a lease), one at a time, alone and while tenant A sends ${fairUse[0].heavy.shape} (${fairUse[0].heavy.bodyKb.toFixed(0)} KB) searches 50 at a time`,
  );
  console.log('database     B alone p50 / p99 ms    B under A p50 / p99 ms    A searches/s  A p50 ms  errors');
  for (const r of fairUse) {
    console.log(
      `${r.kind.padEnd(12)} ${f1(r.alone.p50)} / ${f1(r.alone.p99)}      ${f1(r.underFlood.p50)} / ${f1(r.underFlood.p99)}      ${f0(r.heavy.rps)}  ${f1(r.heavy.p50)}    ${r.alone.errors + r.underFlood.errors + r.heavy.errors}`,
    );
  }
  console.log("  target: B's p99 under A's flood < 50 ms (issue 9 measured 3.6 ms alone, 2.5 s under the flood before the fix)");
}
if (autopay) console.log(`\n${autopay.lines.join('\n')}`);
if (consoleRows) {
  console.log(
    `\nManager's console (issue 23): a property of 2,000 leases and a 5,000-row lease ledger, one call at a time, manager@demo.test; target p99 < 50 ms`,
  );
  for (const k of consoleRows) {
    console.log(`${k.kind} (bulk rows written in ${k.seedSeconds.toFixed(1)} s)`);
    for (const r of k.rows) {
      console.log(
        r.missing
          ? `  ${r.name.padEnd(60)} not measured: ${r.missing}`
          : `  ${r.name.padEnd(60)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  ${r.rps.toFixed(0).padStart(5)} req/s  errors ${r.errors}${r.p99 < 50 ? '' : '  ABOVE TARGET'}`,
      );
    }
  }
}
if (kpiRows) {
  console.log(
    `\nAdmin's statistics and KPIs (issue 24): a year of monthly payments of 10,000 leases, one call at a time, admin@demo.test; target p99 < 200 ms`,
  );
  for (const k of kpiRows) {
    console.log(`${k.kind} (${k.ledgerRows.toLocaleString('en')} ledger rows written in ${k.seedSeconds.toFixed(1)} s)`);
    for (const r of k.rows) {
      console.log(
        r.missing
          ? `  ${r.name.padEnd(60)} not measured: ${r.missing}`
          : `  ${r.name.padEnd(60)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  ${r.rps.toFixed(0).padStart(5)} req/s  errors ${r.errors}${r.p99 < 200 ? '' : '  ABOVE TARGET'}`,
      );
    }
  }
}
