// Memory at idle (issue 21 §3): `npm start` as a newcomer runs it, on a fresh data folder (the first start, which
// migrates and seeds the demo) and on PostgreSQL (a throwaway database, --demo), then the resident memory of all its
// processes (npm, the server, any helper process) after BENCH_IDLE_SECONDS of idle. Targets: ≤ 500 MB on the embedded
// database, ≤ 250 MB on PostgreSQL.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** The pid and every descendant's, from /proc. */
function processTree(pid) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  const all = [];
  const visit = (p) => {
    all.push(p);
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return all;
}

function residentMb(pid) {
  let kb = 0;
  const parts = [];
  for (const p of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const name = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(0, 2).join(' ');
      kb += rss;
      if (rss > 0) parts.push(`${name.replace(root, '')} ${Math.round(rss / 1024)}`);
    } catch {
      // gone meanwhile
    }
  }
  return { mb: kb / 1024, parts };
}

async function measureStart(env, args) {
  const port = await freePort();
  const child = spawn('npm', ['start', ...(args.length ? ['--', ...args] : [])], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), JOBS_DISABLED: undefined },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}: ${err.slice(-2000)}`);
    if (Date.now() > deadline) throw new Error('npm start did not answer within 180 s');
    const ok = await fetch(`http://127.0.0.1:${port}/api/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const memory = residentMb(child.pid);
  // A stop as a supervisor asks it: the server closes cleanly, then npm ends.
  for (const p of processTree(child.pid).slice(1)) {
    try {
      process.kill(p, 'SIGTERM');
    } catch {
      // gone meanwhile
    }
  }
  await new Promise((r) => child.once('exit', r));
  return memory;
}

async function adminQuery(serverUrl, text) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Resident memory of npm start at idle, per database kind ('pglite' or a PostgreSQL server URL). */
export async function idleMemory(kinds) {
  const rows = [];
  for (const kind of kinds) {
    if (kind === 'pglite') {
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-mem-'));
      try {
        rows.push({ kind: 'PGlite', target: 500, ...(await measureStart({ DATA_DIR: dataDir }, [])) });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    } else {
      const name = `portal_bench_mem_${process.pid}_${Date.now()}`;
      await adminQuery(kind, `CREATE DATABASE ${name}`);
      const u = new URL(kind);
      u.pathname = `/${name}`;
      const dbUrl = u.toString();
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-mem-'));
      try {
        rows.push({
          kind: 'PostgreSQL',
          target: 250,
          ...(await measureStart({ DATA_DIR: dataDir, DATABASE_URL: dbUrl }, ['--demo'])),
        });
      } finally {
        await adminQuery(kind, `DROP DATABASE IF EXISTS ${name}`);
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  return rows;
}

export function printIdleMemory(rows) {
  console.log(`\nMemory at idle (issue 21): all of npm start's processes, ${IDLE_SECONDS} s after it answers (first start)`);
  for (const r of rows) {
    console.log(
      `${r.kind.padEnd(12)} ${r.mb.toFixed(0).padStart(5)} MB  (target <= ${r.target} MB${r.mb <= r.target ? '' : ', MISSED'})  [${r.parts.join(', ')}]`,
    );
  }
}
