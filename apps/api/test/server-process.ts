// Real server processes for tests that need them (the data-folder lock, npm start's exit code, orphan uploads):
// `node --import tsx apps/api/src/server.ts` (or scripts/start.mjs) with PORT and DATA_DIR, as payment-crash.test.ts does.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '../../..');

const children: ChildProcess[] = [];
/** Kills every process these helpers started that still runs (call in afterAll). */
export function killStartedProcesses() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface Started {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Spawns the server (or `script`, e.g. scripts/start.mjs) with the test environment; does not wait for it. */
export async function spawnServer(
  env: Record<string, string>,
  opts: { script?: string; args?: string[] } = {},
): Promise<Started> {
  const port = await freePort();
  const script = opts.script ?? 'apps/api/src/server.ts';
  const execArgs = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...execArgs, join(root, script), ...(opts.args ?? [])], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTHORIZE_RATE_LIMIT: '1000',
      WEB_DIST: '/nonexistent',
      SKIP_WEB_BUILD: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Waits until the started server answers /api/ping; throws with its output if it exits first. */
export async function waitUntilServing(s: Started, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (s.child.exitCode !== null || s.child.signalCode !== null) {
      throw new Error(`server exited ${s.child.exitCode ?? s.child.signalCode}: ${s.output()}`);
    }
    try {
      if ((await fetch(`${s.base}/api/ping`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${s.output()}`);
}

/** Starts a server and waits until it serves. */
export async function startServer(env: Record<string, string>, opts: { script?: string; args?: string[] } = {}) {
  const s = await spawnServer(env, opts);
  await waitUntilServing(s);
  return s;
}

export async function signIn(base: string, email = 'tenant@demo.test'): Promise<string> {
  const res = await fetch(`${base}/api/authorize`, {
    headers: { authorization: `Basic ${Buffer.from(`${email}:Demo1234`).toString('base64')}` },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
