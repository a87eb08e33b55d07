#!/usr/bin/env node
// Where the API's time goes under a workload (issue 21 §4): starts the bench server (bench/server.ts) with V8's CPU
// profiler, loads it with autocannon on one workload's calls for PROFILE_SECONDS, then prints the functions with the
// most self time and the time per source area (our code by folder, fastify, drizzle, the database driver, node).
//   node bench/profile.mjs [pglite|postgres://…] [dashboard|fees]   (PROFILE_SECONDS=10, PROFILE_CONNECTIONS=10)
// The .cpuprofile is kept (its path is printed) for Chrome DevTools' Performance panel.
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const root = new URL('..', import.meta.url).pathname;
const kind = process.argv[2] ?? 'pglite';
const workload = process.argv[3] ?? 'dashboard';
const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 10);
const dir = mkdtempSync(join(tmpdir(), 'portal-profile-'));

const server = fork(join(root, 'bench', 'server.ts'), [kind], {
  execArgv: ['--import', 'tsx', '--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=200'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ready = await new Promise((resolve, reject) => {
  server.once('message', resolve);
  server.once('exit', (code) => reject(new Error(`server exited ${code}`)));
});
const base = `http://127.0.0.1:${ready.port}`;
const auth = await fetch(`${base}/api/authorize`, {
  headers: { authorization: `Basic ${Buffer.from('tenant@demo.test:Demo1234').toString('base64')}` },
});
const { access_token } = await auth.json();
const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
const requests =
  workload === 'fees'
    ? [{ method: 'POST', path: ready.fee.path, headers, body: JSON.stringify(ready.fee.body) }]
    : ready.searches.map((q) => ({
        method: 'POST',
        path: `/api/${q.recordType}/search?page=${q.query.page}&recordsPerPage=${q.query.recordsPerPage}`,
        headers,
        body: JSON.stringify(q.body),
      }));
for (const r of requests) {
  const res = await fetch(base + r.path, { method: r.method, headers: r.headers, body: r.body });
  if (!res.ok) throw new Error(`${r.path} answered ${res.status}: ${await res.text()}`);
}
const run = (duration) =>
  new Promise((resolve, reject) =>
    autocannon({ url: base, requests, connections, duration }, (err, res) => (err ? reject(err) : resolve(res))),
  );
await run(2); // warm up (the profile includes it; its share is small)
const res = await run(seconds);
console.log(
  `${workload} on ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${res.requests.average} req/s, p99 ${res.latency.p99} ms, ${res.non2xx} non-2xx`,
);
server.send({ stop: true });
await new Promise((resolve) => server.once('exit', resolve));

const file = readdirSync(dir).find((n) => n.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const areaOf = (url) => {
  if (!url) return '(native, gc, idle)';
  const u = url.replace('file://', '');
  if (u.includes('/node_modules/')) {
    const m = u.split('/node_modules/').pop().split('/');
    return m[0].startsWith('@') ? `${m[0]}/${m[1]}` : m[0];
  }
  if (u.startsWith(root)) return u.slice(root.length).split('/').slice(0, 4).join('/');
  return u.startsWith('node:') ? 'node' : u;
};
const fns = new Map();
const areas = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const key = `${cf.functionName || '(anonymous)'} ${cf.url ? `${areaOf(cf.url)}:${cf.lineNumber + 1}` : ''}`;
  fns.set(key, (fns.get(key) ?? 0) + t);
  const area = cf.functionName === '(idle)' ? '(idle)' : areaOf(cf.url);
  areas.set(area, (areas.get(area) ?? 0) + t);
}
// Inclusive: the share of busy samples with the area (or function) anywhere on the stack, counted once per sample.
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map();
const inclusiveFns = new Map();
let busy = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const leaf = byId.get(profile.samples[i]);
  if (leaf.callFrame.functionName === '(idle)') continue;
  busy += dt[i] ?? 0;
  const areasSeen = new Set();
  const fnsSeen = new Set();
  for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
    const cf = byId.get(id).callFrame;
    if (!cf.url) continue;
    areasSeen.add(areaOf(cf.url));
    fnsSeen.add(`${cf.functionName || '(anonymous)'} ${areaOf(cf.url)}:${cf.lineNumber + 1}`);
  }
  for (const a of areasSeen) inclusive.set(a, (inclusive.get(a) ?? 0) + (dt[i] ?? 0));
  for (const f of fnsSeen) inclusiveFns.set(f, (inclusiveFns.get(f) ?? 0) + (dt[i] ?? 0));
}
const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
console.log('\nSelf time by area:');
for (const [a, t] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, 25)) console.log(`${pct(t)}  ${a}`);
console.log('\nTop functions by self time:');
for (const [f, t] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, 40)) console.log(`${pct(t)}  ${f}`);
const pctBusy = (t) => `${((100 * t) / busy).toFixed(1).padStart(5)} %`;
console.log('\nInclusive share of busy time by area (on the stack):');
for (const [a, t] of [...inclusive].sort((x, y) => y[1] - x[1]).slice(0, 25)) console.log(`${pctBusy(t)}  ${a}`);
console.log('\nInclusive share of busy time by function (ours and plugins):');
for (const [f, t] of [...inclusiveFns]
  .filter(([f]) => !/ node:/.test(f))
  .sort((x, y) => y[1] - x[1])
  .slice(0, 50))
  console.log(`${pctBusy(t)}  ${f}`);
console.log(`\nprofile: ${join(dir, file)}`);
