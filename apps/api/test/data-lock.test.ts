// One owner of the data folder (issue 9): a second server on one DATA_DIR refuses, naming the holder, and exits
// non-zero; a lock left by a kill -9 is taken over, race-free; npm start exits non-zero when the server dies.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataLock, DataDirLockedError, dataLockPath, type LockHolder, readDataLockHolder } from '../src/db/data-lock.ts';
import { killStartedProcesses, root, signIn, spawnServer, startServer } from './server-process.ts';

afterAll(killStartedProcesses);

/** The pid of a process that has ended (a stale lock's holder). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', '']);
  return r.pid as number;
}

function staleLock(folder: string, extra: Partial<LockHolder> = {}) {
  const holder: LockHolder = {
    pid: deadPid(),
    host: hostname(),
    startedAt: '2025-01-01T00:00:00.000Z',
    port: 1,
    token: randomUUID(),
    ...extra,
  };
  writeFileSync(dataLockPath(folder), JSON.stringify(holder));
  return holder;
}

describe('acquireDataLock', () => {
  const base = mkdtempSync(join(tmpdir(), 'portal-lock-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('refuses a folder already locked (here by this very process), naming the holder; free again once released', () => {
    const folder = join(base, 'a');
    const lock = acquireDataLock(folder, { port: 8123 });
    expect(readDataLockHolder(folder)).toMatchObject({ pid: process.pid, host: hostname(), port: 8123 });
    let refused: unknown;
    try {
      acquireDataLock(folder);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(`pid ${process.pid} on host ${hostname()}, port 8123, started `);
    lock.release();
    expect(existsSync(dataLockPath(folder))).toBe(false);
    expect(readDataLockHolder(folder)).toBeNull();
    acquireDataLock(folder).release();
  });

  it('takes over a lock whose holder is dead, or whose pid now runs another process', () => {
    const folder = join(base, 'b');
    staleLock(folder);
    expect(readDataLockHolder(folder)).toBeNull();
    const lock = acquireDataLock(folder);
    expect(JSON.parse(readFileSync(dataLockPath(folder), 'utf8')).token).toBe(lock.holder.token);
    lock.release();
    // A pid that runs, but not the process that took the lock (a container restarted with the same pid).
    staleLock(folder, { pid: process.ppid, processStart: '1' });
    acquireDataLock(folder).release();
  });

  it('refuses a lock held on another host (its pid cannot be checked from here) and says which file to delete', () => {
    const folder = join(base, 'c');
    staleLock(folder, { host: 'another-host.example' });
    expect(() => acquireDataLock(folder)).toThrow(/on host another-host\.example.*delete .*c\.lock/);
  });

  it('lets exactly one of several starters take over one stale lock, round after round', { timeout: 60_000 }, async () => {
    const rounds = 16;
    const starters = 4;
    const folders = Array.from({ length: rounds }, (_, i) => join(base, `race-${i}`));
    for (const f of folders) staleLock(f);
    // Load-independent (issue 21): every starter says when it is loaded, then all get one "go" with a common start
    // time, and each holds its locks (stays alive) until the parent has every starter's answer, so a slow starter
    // can never find a winner gone and take its lock over as stale.
    const script = `
      import { acquireDataLock } from ${JSON.stringify(join(root, 'apps/api/src/db/data-lock.ts'))};
      import { createInterface } from 'node:readline';
      const folders = ${JSON.stringify(folders)};
      const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
      console.log('ready');
      const startAt = Number((await lines.next()).value);
      const won = [];
      for (let i = 0; i < folders.length; i++) {
        while (Date.now() < startAt + i * 50) {}
        try { acquireDataLock(folders[i]); won.push(i); } catch (e) { if (e.name !== 'DataDirLockedError') throw e; }
      }
      console.log(JSON.stringify(won));
      await lines.next(); // the parent closes stdin once every starter has answered
      process.exit(0);
    `;
    const children = Array.from({ length: starters }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root });
      let out = '';
      let err = '';
      child.stderr.on('data', (d) => {
        err += d;
      });
      const waiting: (() => void)[] = [];
      child.stdout.on('data', (d) => {
        out += d;
        for (const check of waiting) check();
      });
      /** The n-th whole line the starter printed (its newline came). */
      const line = (n: number) =>
        new Promise<string>((resolve, reject) => {
          const check = () => {
            const got = out.split('\n');
            if (got.length > n + 1) resolve(got[n] as string);
          };
          waiting.push(check);
          child.on('exit', (code) => reject(new Error(`starter ${code}: ${err}`)));
          check();
        });
      return { child, ready: line(0), result: line(1) };
    });
    await Promise.all(children.map((c) => c.ready));
    const startAt = Date.now() + 200;
    for (const c of children) c.child.stdin.write(`${startAt}\n`);
    const results = (await Promise.all(children.map((c) => c.result))).map((l) => JSON.parse(l) as number[]);
    await Promise.all(
      children.map(({ child }) => {
        const exited = new Promise((resolve) => child.on('exit', resolve));
        child.stdin.end();
        return exited;
      }),
    );
    for (let i = 0; i < rounds; i++) {
      expect(results.filter((won) => won.includes(i)).length, `round ${i}: ${JSON.stringify(results)}`).toBe(1);
    }
    // No take-over claim is left behind.
    expect(readdirSync(base).filter((n) => n.includes('takeover'))).toEqual([]);
  });
});

describe('two servers on one DATA_DIR, kill -9, and npm start', () => {
  it('refuses the second, takes over after kill -9, and npm start exits non-zero on a death, 0 on a stop', {
    timeout: 480_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-lock-srv-'));
    mkdirSync(dataDir, { recursive: true });
    const env = { DATA_DIR: dataDir };

    // The first server, under npm start (scripts/start.mjs).
    const first = await startServer(env, { script: 'scripts/start.mjs' });
    const holder = readDataLockHolder(join(dataDir, 'pglite'));
    expect(holder).toMatchObject({ host: hostname(), port: first.port });

    // A second server on the same folder refuses and exits non-zero, naming the holder.
    const second = await spawnServer(env);
    const { code } = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`already open by another process: pid ${holder?.pid} on host ${hostname()}`);
    expect(second.output()).toContain(`port ${first.port}, started ${holder?.startedAt}`);
    expect((await fetch(`${first.base}/api/ping`)).ok).toBe(true); // the first one is untouched

    // kill -9 of the server, which runs inside npm start's own process (issue 21: one process): it dies by the
    // signal (npm then exits 128 + 9), so a supervisor restarts it.
    expect(holder?.pid).toBe(first.child.pid);
    process.kill(holder?.pid as number, 'SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // Upload files a crash could leave: a half-received temporary file and a file no row names.
    const files = join(dataDir, 'files');
    const [half, unnamed] = [randomUUID(), randomUUID()];
    mkdirSync(join(files, 'tmp'), { recursive: true });
    writeFileSync(join(files, 'tmp', `${half}.part`), 'a,b\n1,');
    mkdirSync(join(files, unnamed.slice(0, 2)), { recursive: true });
    writeFileSync(join(files, unnamed.slice(0, 2), unnamed), 'a,b\n1,2\n');

    // The next start takes the stale lock over, on the same data, and sweeps the orphan files.
    const third = await startServer(env, { script: 'scripts/start.mjs' });
    expect(readDataLockHolder(join(dataDir, 'pglite'))?.port).toBe(third.port);
    const token = await signIn(third.base);
    expect(token).toMatch(/^ey/);
    expect(existsSync(join(files, 'tmp', `${half}.part`))).toBe(false);
    expect(existsSync(join(files, unnamed.slice(0, 2), unnamed))).toBe(false);
    // Every document still downloads: the demo's own files were kept.
    const docs = await fetch(`${third.base}/api/document/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ conditions: [] }),
    });
    const { records } = (await docs.json()) as { records: { url: string }[] };
    expect(records.length).toBeGreaterThan(0);
    for (const doc of records) {
      const file = await fetch(`${third.base}${doc.url}`, { headers: { authorization: `Bearer ${token}` } });
      expect(file.status, doc.url).toBe(200);
    }

    // A clean stop asked of npm start exits 0 and frees the folder.
    third.child.kill('SIGTERM');
    expect(await third.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(dataLockPath(join(dataDir, 'pglite')))).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
