// The secret of `npm run jobs` (issue 10 "Scheduling"): a server on an embedded database (PGlite) owns its data folder,
// so the command cannot open it and asks the server instead (POST /api/internal/jobs/run). The server writes a fresh
// random secret to DATA_DIR/jobs.secret at each start, readable by its owner only (mode 0600); whoever can read that
// file may ask for a job run, exactly as whoever can write the data folder could open it when the server is stopped.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const JOBS_SECRET_FILE = 'jobs.secret';
/** The request header carrying the secret. */
export const JOBS_SECRET_HEADER = 'x-jobs-secret';

export function jobsSecretPath(dataDir: string): string {
  return join(dataDir, JOBS_SECRET_FILE);
}

/** Writes a fresh secret (atomically: a private temporary file renamed over the old one) and answers it. */
export function issueJobsSecret(dataDir: string): string {
  const secret = randomBytes(32).toString('base64url');
  const file = jobsSecretPath(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${secret}\n`, { mode: 0o600 });
  renameSync(tmp, file);
  return secret;
}

/** The secret the running server wrote, or null when there is none. */
export function readJobsSecret(dataDir: string): string | null {
  try {
    return readFileSync(jobsSecretPath(dataDir), 'utf8').trim() || null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Removes the secret file at stop, if it is still the one this server wrote. */
export function withdrawJobsSecret(dataDir: string, secret: string): void {
  try {
    if (readJobsSecret(dataDir) === secret) unlinkSync(jobsSecretPath(dataDir));
  } catch {
    // only tidying: a stale secret opens nothing once its server is gone
  }
}

/** Constant-time comparison (both sides hashed first, so neither the length nor a prefix leaks through timing). */
export function secretMatches(given: string | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(secret));
}
