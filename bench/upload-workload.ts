// Upload memory workload (issue 9 "Fair use"): the real server process (apps/api/src/server.ts on a fresh data folder)
// receives 60 uploads of 9.9 MB, 6 at a time, and its resident memory is read from the system before (baseline),
// during (peak) and after the burst once the garbage collector has had time to settle. Uploads stream to disk, so the
// burst should leave memory near its baseline. Run by bench/run.mjs (BENCH_ONLY=uploads); it reports over IPC, or
// prints when run alone: `node --import tsx bench/upload-workload.ts`.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_IDS } from '../apps/api/src/db/seed.ts';

const root = new URL('..', import.meta.url).pathname;
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_UPLOAD_CONCURRENCY ?? 6);
const FILE_BYTES = Math.round(9.9 * 1024 * 1024); // under the 10 MB limit
const SETTLE_MS = 20_000;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MB, as the system counts it (Linux /proc, else ps). */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (kb) return Number(kb) / 1024;
  } catch {
    // not Linux
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(): Promise<{ child: ChildProcess; base: string; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-uploads-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      AUTHORIZE_RATE_LIMIT: '1000',
      // This workload measures memory: the fair-use limits would (rightly) stop a burst of 60 × 9.9 MB.
      UPLOAD_QUOTA_MB: '100000',
      UPLOAD_RATE_LIMIT: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ping`)).ok) return { child, base, dataDir };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('server did not start');
}

export interface UploadBenchResult {
  uploads: number;
  fileMb: number;
  concurrency: number;
  seconds: number;
  failed: number;
  baselineMb: number;
  peakMb: number;
  afterMb: number;
  settleSeconds: number;
}

export async function runUploadBench(): Promise<UploadBenchResult> {
  const { child, base, dataDir } = await startServer();
  const pid = child.pid as number;
  try {
    const auth = await fetch(`${base}/api/authorize`, {
      headers: { authorization: `Basic ${Buffer.from('tenant@demo.test:Demo1234').toString('base64')}` },
    });
    const { access_token } = (await auth.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}` };
    // A PNG signature and IHDR, then noise: judged a PNG by its first bytes, the rest streams through.
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
      randomBytes(FILE_BYTES - 16),
    ]);
    const blob = new Blob([png], { type: 'image/png' });
    const uploadOnce = async (i: number) => {
      const form = new FormData();
      form.append('file', blob, `scan-${i}.png`);
      const res = await fetch(`${base}/api/PROPERTY_LEASE/${DEMO_IDS.leaseActive}/upload`, {
        method: 'POST',
        headers,
        body: form,
      });
      const body = (await res.json()) as { id?: string };
      if (!res.ok || !body.id) return false;
      // Deleted again so the burst does not fill the disk (the delete is a small request).
      await fetch(`${base}/api/document/${body.id}/delete`, { method: 'DELETE', headers });
      return true;
    };
    // Warm-up: the first upload loads the multipart and storage code paths.
    await uploadOnce(-1);
    await sleep(3000);
    const baselineMb = rssMb(pid);

    let peakMb = baselineMb;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, rssMb(pid));
    }, 50);
    const started = Date.now();
    let next = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < UPLOADS) {
          const i = next++;
          if (!(await uploadOnce(i))) failed++;
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    peakMb = Math.max(peakMb, rssMb(pid));

    // Let the collector settle: idle seconds with a light request now and then, until memory stops moving (at least
    // 5 s, at most SETTLE_MS).
    const settleStart = Date.now();
    let afterMb = rssMb(pid);
    while (Date.now() - settleStart < SETTLE_MS) {
      await sleep(1000);
      await fetch(`${base}/api/ping`);
      const now = rssMb(pid);
      const still = Math.abs(afterMb - now) < 1;
      afterMb = now;
      if (still && Date.now() - settleStart >= 5000) break;
    }
    return {
      uploads: UPLOADS,
      fileMb: FILE_BYTES / 1024 / 1024,
      concurrency: CONCURRENCY,
      seconds,
      failed,
      baselineMb,
      peakMb,
      afterMb,
      settleSeconds: (Date.now() - settleStart) / 1000,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await runUploadBench();
  if (process.send) process.send({ uploads: result });
  else console.log(JSON.stringify(result, null, 2));
}
