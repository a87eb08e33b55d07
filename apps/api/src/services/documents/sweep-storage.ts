// The sweep at start (issue 9 "One owner of the data folder"): after a crash, no upload file without its row and no
// row without its file. An upload is received as a temporary file and moved into place after its row is committed
// (lib/file-storage.ts), so a temporary file that a row names was committed (it is moved into place), one no row names
// was not (removed), and a file in place that no row names was deleted or replaced (removed).

import { isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { documents, incomeVerifications, screenings } from '../../db/schema.ts';

export interface SweepResult {
  placed: number;
  removed: number;
}

/**
 * `graceMs`: files younger than this are left alone. 0 when this process alone uses the storage folder (the
 * embedded database's lock says so); with several API processes on one PostgreSQL, long enough that no upload of
 * another process is still in flight (an hour).
 */
export async function sweepStorage(ctx: AppContext, opts: { graceMs: number }): Promise<SweepResult> {
  // Files first, rows second: a file listed is either named by a committed row read below, or garbage.
  const files = await ctx.storage.list();
  // Documents, and the screening and income-verification reports kept with them (issue 11).
  const [rows, screeningRows, incomeRows] = await Promise.all([
    ctx.db.select({ key: documents.storageKey }).from(documents),
    ctx.db.select({ key: screenings.reportStorageKey }).from(screenings).where(isNotNull(screenings.reportStorageKey)),
    ctx.db
      .select({ key: incomeVerifications.reportStorageKey })
      .from(incomeVerifications)
      .where(isNotNull(incomeVerifications.reportStorageKey)),
  ]);
  const named = new Set<string | null>([...rows, ...screeningRows, ...incomeRows].map((r) => r.key));
  const old = (f: { mtimeMs: number }) => Date.now() - f.mtimeMs >= opts.graceMs;
  const result: SweepResult = { placed: 0, removed: 0 };
  for (const f of files.pending) {
    if (named.has(f.key)) {
      await ctx.storage.place(f.key);
      result.placed++;
    } else if (old(f)) {
      await ctx.storage.discard(f.key);
      result.removed++;
    }
  }
  for (const f of files.placed) {
    if (!named.has(f.key) && old(f)) {
      await ctx.storage.remove(f.key);
      result.removed++;
    }
  }
  return result;
}
