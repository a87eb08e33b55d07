// What the console and KPI workloads share (BENCH_ONLY=console, kpi): a workload forks itself as the server, signs in,
// then drives each call one at a time (the figure a person waits; the dashboard's bench measures load) and reports its
// p50/p99 per call.
import { type ChildProcess, fork } from 'node:child_process';
import { Agent, request } from 'node:http';

export interface Call {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface CallFigures {
  name: string;
  n?: number;
  rps?: number;
  p50?: number;
  p99?: number;
  errors?: number;
  missing?: string;
}

function send(port: number, agent: Agent, call: Call, token: string): Promise<{ status: number; ms: number }> {
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: call.path,
        method: call.method ?? 'GET',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
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

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** One call in one closed loop (one connection) for `seconds`. */
async function load(port: number, call: Call, token: string, seconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const ms: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const a = await send(port, agent, call, token);
    if (a.status !== 200) errors += 1;
    ms.push(a.ms);
  }
  agent.destroy();
  return { n: ms.length, rps: ms.length / seconds, p50: percentile(ms, 50), p99: percentile(ms, 99), errors };
}

async function signIn(port: number, email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/authorize`, {
    headers: { authorization: `Basic ${Buffer.from(`${email}:Demo1234`).toString('base64')}` },
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const servers = new Set<ChildProcess>();
process.on('exit', () => {
  for (const s of servers) s.kill();
});

/**
 * Forks `script` as the server (`serve <kind>`), waits for its ready message (its port and the workload's ids), signs
 * in as `email`, measures each of `callsFor(ready)` for `seconds` after a second's warm-up, and stops the server.
 */
export async function measureOneAtATime<Ready extends { port: number }>(opts: {
  script: string;
  kind: string;
  email: string;
  seconds: number;
  callsFor: (ready: Ready) => Call[];
}): Promise<{ ready: Ready; rows: CallFigures[] }> {
  const server = fork(opts.script, ['serve', opts.kind], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  servers.add(server);
  server.once('exit', () => servers.delete(server));
  const ready = await new Promise<Ready>((resolve, reject) => {
    server.once('message', (m) => resolve(m as Ready));
    server.once('exit', (code) => reject(new Error(`bench server ${opts.script} exited ${code}`)));
  });
  const token = await signIn(ready.port, opts.email);
  const rows: CallFigures[] = [];
  for (const call of opts.callsFor(ready)) {
    const first = await send(ready.port, new Agent(), call, token);
    if (first.status !== 200) {
      rows.push({ name: call.name, missing: `answered ${first.status}` });
      continue;
    }
    await load(ready.port, call, token, 1); // warm up
    rows.push({ name: call.name, ...(await load(ready.port, call, token, opts.seconds)) });
  }
  server.send({ stop: true });
  await new Promise((r) => server.once('exit', r));
  return { ready, rows };
}

/**
 * The server side of a workload (`<workload>.ts serve <kind>`): the demo seed plus the workload's own rows (`seed`, whose
 * answer is the ids its calls need), listening on a free port, which it sends with the ids and the seeding time; it
 * stops when told or when its parent goes.
 */
export async function serveSeeded(
  kind: string,
  seed: (raw: (text: string, params?: unknown[]) => Promise<unknown>) => Promise<Record<string, unknown>>,
): Promise<void> {
  const { openSeededApp } = await import('./bench-db.ts');
  const { app, database, dispose } = await openSeededApp(kind);
  const start = performance.now();
  const ids = await seed((text, params) => database.raw(text, params as unknown[]));
  const seedSeconds = (performance.now() - start) / 1000;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0, ...ids, seedSeconds });
  const stop = async () => {
    await dispose();
    process.exit(0);
  };
  process.on('message', stop);
  process.on('disconnect', stop);
}
