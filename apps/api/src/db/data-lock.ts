// One owner of an embedded database folder (issue 9): a second process refuses to open a PGlite folder that a live
// process holds, naming it; a lock left by a dead process (kill -9, power loss) is taken over, race-free.
//
// The lock is `<folder>.lock`, a small JSON file naming its holder. It is only ever created whole and atomically:
// written to a private temporary file, then hard-linked to the lock name (link fails if the name exists), so a
// reader never sees a half-written lock. A stale lock (its holder's pid is not running on this host, or runs a
// different process than the one that took the lock) is taken over through a claim: `<lock>.takeover-<token>`, named
// after the stale lock's own token and itself created the same exclusive way. Only the one claimer of a stale lock may
// delete it, and only after checking it still holds that token; then it links its own lock like any starter (which
// fails if another starter got there first). A claimer that died mid-take-over leaves a claim that is stale in turn,
// and is taken over the same way. Two starters against one stale lock: exactly one wins.
import { randomUUID } from 'node:crypto';
import { linkSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

export interface LockHolder {
  pid: number;
  host: string;
  /** When the holder took the lock (ISO 8601). */
  startedAt: string;
  /** The HTTP port the holder serves, when known. */
  port?: number;
  /** Linux: the holder process's start time (clock ticks after boot), so a reused pid is not mistaken for it. */
  processStart?: string;
  /** Unique per acquisition: what a take-over checks before deleting a stale lock. */
  token: string;
}

export class DataDirLockedError extends Error {
  readonly holder: LockHolder;
  readonly lockFile: string;
  constructor(folder: string, lockFile: string, holder: LockHolder) {
    const port = holder.port ? `, port ${holder.port}` : '';
    const sameHost = holder.host === hostname();
    super(
      `The database folder ${folder} is already open by another process: pid ${holder.pid} on host ${holder.host}` +
        `${port}, started ${holder.startedAt}. Only one process may open it: stop that one first, or set DATA_DIR to ` +
        `another folder.${sameHost ? '' : ` If that process no longer runs on ${holder.host}, delete ${lockFile}.`}`,
    );
    this.name = 'DataDirLockedError';
    this.holder = holder;
    this.lockFile = lockFile;
  }
}

export interface DataLock {
  readonly file: string;
  readonly holder: LockHolder;
  /** Removes the lock if it is still ours (idempotent). */
  release(): void;
}

/** The lock file of an embedded database folder. */
export function dataLockPath(folder: string): string {
  return `${folder.replace(/[\\/]+$/, '')}.lock`;
}

/** Linux: field 22 of /proc/<pid>/stat (start time after boot); null elsewhere or when the process is gone. */
function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // runs, as another user
  }
}

/** Whether the holder may still run. A holder on another host cannot be checked from here: it counts as alive. */
export function isHolderAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return held.has(holder.token);
  if (!pidRuns(holder.pid)) return false;
  if (holder.processStart) {
    const now = processStartOf(holder.pid);
    if (now !== null && now !== holder.processStart) return false; // the pid was reused by another process
  }
  return true;
}

function readHolder(file: string): LockHolder | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const holder = JSON.parse(text) as LockHolder;
    if (Number.isInteger(holder.pid) && typeof holder.token === 'string' && typeof holder.host === 'string') return holder;
  } catch {
    // not JSON: not written by us (locks are linked whole)
  }
  throw new Error(`${file} is not a lock this server wrote: if no server uses this data folder, delete it`);
}

/** Creates `file` holding `holder`, atomically and only if absent; false when it exists. */
function createExclusive(file: string, holder: LockHolder): boolean {
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(holder)}\n`, { mode: 0o644 });
  try {
    linkSync(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkQuietly(tmp);
  }
}

function unlinkQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Takes `file` for `holder`: true when taken; the live holder when another process has it. A stale holder is
 * taken over through the claim file named after its token (recursively: a dead claimer's claim is stale too).
 */
function take(file: string, holder: LockHolder, depth = 0): true | LockHolder {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (createExclusive(file, holder)) return true;
    const current = readHolder(file);
    if (!current) continue; // released meanwhile: try again
    if (isHolderAlive(current)) return current;
    if (depth > 8) throw new Error(`Could not take over the stale lock ${file}`);
    const claim = `${file}.takeover-${current.token}`;
    const claimed = take(claim, holder, depth + 1);
    if (claimed !== true) {
      sleep(10); // a live starter is taking this stale lock over: wait for its outcome
      continue;
    }
    try {
      // Only the claimer of this token deletes it, and only if the stale lock is still there.
      if (readHolder(file)?.token === current.token) unlinkQuietly(file);
    } finally {
      unlinkQuietly(claim);
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

/** Locks held by this process (token → release), so one process opening a folder twice is refused too. */
const held = new Map<string, () => void>();

/**
 * Takes the lock of an embedded database folder, or throws DataDirLockedError naming the live holder.
 * `port` is written into the lock so the refusal (and `npm run jobs`) can say where the holder serves.
 */
export function acquireDataLock(folder: string, info: { port?: number } = {}): DataLock {
  const file = dataLockPath(folder);
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    ...(info.port ? { port: info.port } : {}),
    ...(processStartOf(process.pid) ? { processStart: processStartOf(process.pid) as string } : {}),
    token: randomUUID(),
  };
  held.set(holder.token, () => undefined); // our own claims count as alive while we take the lock
  let taken: true | LockHolder;
  try {
    taken = take(file, holder);
  } catch (err) {
    held.delete(holder.token);
    throw err;
  }
  if (taken !== true) {
    held.delete(holder.token);
    throw new DataDirLockedError(folder, file, taken);
  }
  removeLeftoverClaims(file);
  const release = () => {
    if (!held.delete(holder.token)) return;
    try {
      if (readHolder(file)?.token === holder.token) unlinkQuietly(file);
    } catch {
      // a foreign file at the lock's name is not ours to remove
    }
  };
  held.set(holder.token, release);
  // A process that exits without closing the database (a fatal error) frees its folders too; kill -9 cannot, and
  // the next start takes that stale lock over.
  if (!releaseAtExit) {
    releaseAtExit = () => {
      for (const r of [...held.values()]) r();
    };
    process.on('exit', releaseAtExit);
  }
  return { file, holder, release };
}
let releaseAtExit: (() => void) | null = null;

/**
 * Claims of earlier take-overs whose claimer died: obsolete once the lock is ours (the stale token they name is gone
 * for good, so no claimer acts on them). Temporary files being linked right now by other starters are left alone.
 */
function removeLeftoverClaims(file: string) {
  const prefix = `${basename(file)}.takeover-`;
  try {
    for (const name of readdirSync(dirname(file))) {
      if (name.startsWith(prefix) && !name.endsWith('.tmp')) unlinkQuietly(join(dirname(file), name));
    }
  } catch {
    // only tidying
  }
}

/**
 * The live process holding an embedded database folder, or null when none does (no lock, or a stale one).
 * For commands that must talk to a running server rather than open the folder themselves (`npm run jobs`).
 */
export function readDataLockHolder(folder: string): LockHolder | null {
  const holder = readHolder(dataLockPath(folder));
  return holder && isHolderAlive(holder) ? holder : null;
}
