#!/usr/bin/env node
// npm run bench: the dashboard's data calls measured three ways side by side, on PGlite (and PostgreSQL when
// BENCH_DATABASE_URL names a server), plus the gzip size of the JavaScript each route loads.
import { fork, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const root = new URL('..', import.meta.url).pathname;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function child(script, args) {
  return fork(join(root, 'bench', script), args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}
const once = (proc) =>
  new Promise((resolve, reject) => {
    proc.once('message', resolve);
    proc.once('exit', (code) => reject(new Error(`child exited ${code}`)));
  });

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: SECONDS, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

async function measure(kind) {
  const server = child('server.ts', [kind]);
  const { port, barePort, searches } = await once(server);
  const base = `http://127.0.0.1:${port}`;
  const auth = await fetch(`${base}/api/authorize`, {
    headers: { authorization: `Basic ${Buffer.from('tenant@demo.test:Demo1234').toString('base64')}` },
  });
  const { access_token } = await auth.json();
  const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
  // Exactly the calls whose SQL direct.ts runs (services/search/dashboard-queries.ts).
  const requests = searches.map((q) => ({
    method: 'POST',
    path: `/api/${q.recordType}/search?page=${q.query.page}&recordsPerPage=${q.query.recordsPerPage}`,
    headers,
    body: JSON.stringify(q.body),
  }));
  // Every call must succeed, or the figures mean nothing.
  for (const r of requests) {
    const res = await fetch(base + r.path, { method: r.method, headers: r.headers, body: r.body });
    if (!res.ok) throw new Error(`${r.path} answered ${res.status}: ${await res.text()}`);
  }
  await cannon({ url: base, requests, duration: 2 }); // warm up
  const api = await cannon({ url: base, requests });
  // 100 req/s evenly paced (one connection), and the same rate from 10 connections, which autocannon sends
  // in phase: a burst of 10 requests every 100 ms.
  const fixed = await cannon({ url: base, requests, connections: 1, overallRate: 100 });
  const fixedBurst = await cannon({ url: base, requests, overallRate: 100 });
  const bare = await cannon({ url: `http://127.0.0.1:${barePort}/bare` });
  server.send({ stop: true });
  await new Promise((r) => server.once('exit', r));
  const direct = child('direct.ts', [kind, String(SECONDS)]);
  const b = await once(direct);
  await new Promise((r) => direct.once('exit', r));
  const errors = api.errors + api.non2xx + fixed.errors + fixed.non2xx + fixedBurst.errors + fixedBurst.non2xx;
  return {
    kind: kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
    apiRps: api.requests.average,
    apiP99: api.latency.p99,
    fixedP99: fixed.latency.p99,
    burstP99: fixedBurst.latency.p99,
    directRps: b.rps,
    inThreadRps: b.inThreadRps,
    bareRps: bare.requests.average,
    errors,
  };
}

function bundleSizes() {
  const dist = join(root, 'apps/web/dist');
  if (!existsSync(join(dist, '.vite/manifest.json'))) {
    const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('web build failed');
  }
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const collect = (key, set) => {
    const entry = manifest[key];
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
  void files;
  return {
    signIn: route('src/features/auth/sign-in-page.tsx'),
    dashboard: route('src/app/shell/app-shell.tsx', 'src/features/dashboard/dashboard-page.tsx'),
  };
}

const kinds = ['pglite'];
if (process.env.BENCH_DATABASE_URL) kinds.push(process.env.BENCH_DATABASE_URL);
const rows = [];
for (const k of kinds) rows.push(await measure(k));
const sizes = bundleSizes();

const f0 = (n) => n.toFixed(0).padStart(8);
const f1 = (n) => n.toFixed(1).padStart(8);
const pct = (a, b) => `${((a / b) * 100).toFixed(0).padStart(4)}%`;
console.log(
  `\nDashboard data calls (3 searches: leases+joins, open charges, 5 transactions), 10 connections, ${SECONDS} s each, loopback`,
);
console.log('database     (a) API req/s  (a) p99 ms  p99 @100/s  (bursts of 10)  (b) SQL q/s  (a)/(b)   (c) bare req/s  errors');
for (const r of rows) {
  console.log(
    `${r.kind.padEnd(12)} ${f0(r.apiRps)}      ${f1(r.apiP99)}    ${f1(r.fixedP99)}    ${f1(r.burstP99)}       ${f0(r.directRps)}    ${pct(r.apiRps, r.directRps)}   ${f0(r.bareRps)}        ${r.errors}`,
  );
  if (r.inThreadRps) {
    console.log(
      `  (b) is the app's driver: PGlite on its own thread. PGlite inside the calling thread: ${r.inThreadRps.toFixed(0)} q/s; (a) is ${pct(r.apiRps, r.inThreadRps).trim()} of that.`,
    );
  }
}
console.log(
  'targets: (a)/(b) >= 80%; p99 at 100 req/s < 25 ms (evenly paced; the burst column is the same rate sent 10 at a time)',
);
if (!process.env.BENCH_DATABASE_URL)
  console.log('(set BENCH_DATABASE_URL=postgres://user:pw@127.0.0.1:5432/postgres to add the PostgreSQL row)');
console.log(
  `\nJavaScript loaded per route (gzip): sign-in ${(sizes.signIn / 1024).toFixed(1)} KB, dashboard ${(sizes.dashboard / 1024).toFixed(1)} KB (target <= 170 KB each)`,
);
