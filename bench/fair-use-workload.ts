// issue 9 "Fair use" (BENCH_ONLY=fairuse): tenant B's light search, alone and while tenant A floods heavy but valid
// searches (50 conditions x 400 IN values, 50 at a time), on the real server over loopback. Run by bench/run.mjs as
// `fair-use-workload.ts <kind>...` (pglite, or a postgres:// URL): for each kind it forks itself as the server
// (`serve <kind>`), drives the load from this process and sends { fairUse: rows } back.
import { type ChildProcess, fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { DEMO_IDS } from '../apps/api/src/db/seed.ts';
import {
  SEARCH_MAX_CONDITIONS,
  SEARCH_MAX_IN_VALUES,
  SEARCH_MAX_RECORDS_PER_PAGE,
  SEARCH_MAX_VALUES,
} from '../packages/domain/src/search-limits.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const FLOOD_CONNECTIONS = 50;

/**
 * A's heavy search, at every bound at once: the most conditions, IN lists holding the most values a search may
 * (valid ids, none of them A's), the largest page and every join.
 */
const perCondition = Math.min(SEARCH_MAX_IN_VALUES, Math.floor(SEARCH_MAX_VALUES / SEARCH_MAX_CONDITIONS));
const heavy = {
  path: `/api/property_lease/search?page=1&recordsPerPage=${SEARCH_MAX_RECORDS_PER_PAGE}`,
  body: JSON.stringify({
    conditions: Array.from({ length: SEARCH_MAX_CONDITIONS }, (_, i) => ({
      field: 'id',
      operator: 'IN',
      value: Array.from({ length: perCondition }, (_, j) => `00000000-0000-4000-8000-${String(i * 1000 + j).padStart(12, '0')}`),
    })),
    joins: ['property', 'company', 'parentCompany'],
  }),
};
export const HEAVY_SHAPE = `${SEARCH_MAX_CONDITIONS} conditions x ${perCondition} IN values, ${SEARCH_MAX_RECORDS_PER_PAGE} per page, 3 joins`;
/** B's light search: the dashboard's open charges of B's lease. */
const light = {
  path: '/api/open_charge/search?page=1&recordsPerPage=20',
  body: JSON.stringify({ conditions: [{ field: 'billingAccountId', operator: 'EQUALS', value: DEMO_IDS.leaseUs }], joins: [] }),
};

interface Answer {
  status: number;
  ms: number;
}

function post(port: number, agent: Agent, path: string, token: string, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - start }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function signIn(port: number, email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/authorize`, {
    headers: { authorization: `Basic ${Buffer.from(`${email}:Demo1234`).toString('base64')}` },
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** B's light search in a closed loop (one at a time) for `seconds`: latencies and non-200 answers. */
async function lightLoop(port: number, token: string, seconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const ms: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const a = await post(port, agent, light.path, token, light.body);
    if (a.status !== 200) errors++;
    ms.push(a.ms);
  }
  agent.destroy();
  return { n: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99), max: Math.max(...ms), errors };
}

/** Server children still running: killed if this driver exits early (an error), so none lingers. */
const servers = new Set<ChildProcess>();
process.on('exit', () => {
  for (const s of servers) s.kill();
});

async function measureKind(kind: string) {
  const server = fork(new URL(import.meta.url).pathname, ['serve', kind], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  servers.add(server);
  server.once('exit', () => servers.delete(server));
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    server.once('message', (m) => resolve(m as { port: number }));
    server.once('exit', (code) => reject(new Error(`fair-use server exited ${code}`)));
  });
  const [tokenA, tokenB] = await Promise.all([signIn(port, 'tenant@demo.test'), signIn(port, 'tenant.us@demo.test')]);
  // Both searches must be valid: the flood is within bounds, not refused.
  for (const [token, s] of [
    [tokenA, heavy],
    [tokenB, light],
  ] as const) {
    const a = await post(port, new Agent(), s.path, token, s.body);
    if (a.status !== 200) throw new Error(`${s.path} answered ${a.status}`);
  }
  await lightLoop(port, tokenB, 1); // warm up
  const alone = await lightLoop(port, tokenB, SECONDS / 3);

  // A's flood: FLOOD_CONNECTIONS loops, each sending the heavy search again as soon as it is answered.
  const floodAgent = new Agent({ keepAlive: true, maxSockets: FLOOD_CONNECTIONS });
  let flooding = true;
  const heavyMs: number[] = [];
  let heavyErrors = 0;
  const floodStart = performance.now();
  const loops = Array.from({ length: FLOOD_CONNECTIONS }, async () => {
    while (flooding) {
      const a = await post(port, floodAgent, heavy.path, tokenA, heavy.body);
      if (a.status !== 200) heavyErrors++;
      heavyMs.push(a.ms);
    }
  });
  await new Promise((r) => setTimeout(r, 1000)); // the flood reaches its steady state
  const underFlood = await lightLoop(port, tokenB, (SECONDS * 2) / 3);
  flooding = false;
  await Promise.all(loops);
  const floodSeconds = (performance.now() - floodStart) / 1000;
  floodAgent.destroy();

  server.send({ stop: true });
  await new Promise((r) => server.once('exit', r));
  return {
    kind: kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
    alone,
    underFlood,
    heavy: {
      n: heavyMs.length,
      rps: heavyMs.length / floodSeconds,
      p50: percentile(heavyMs, 50),
      p99: percentile(heavyMs, 99),
      errors: heavyErrors,
      bodyKb: Buffer.byteLength(heavy.body) / 1024,
      shape: HEAVY_SHAPE,
    },
  };
}

if (process.argv[2] === 'serve') {
  const { openSeededApp } = await import('./bench-db.ts');
  const { app, dispose } = await openSeededApp(process.argv[3] ?? 'pglite');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  const stop = async () => {
    await dispose();
    process.exit(0);
  };
  process.on('message', stop);
  process.on('disconnect', stop); // the driver died: do not linger
} else {
  const rows = [];
  for (const kind of process.argv.slice(2)) rows.push(await measureKind(kind));
  process.send?.({ fairUse: rows });
  process.exit(0);
}
