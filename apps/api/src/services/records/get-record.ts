// spec 2 §7 Generic: GET /{recordType}/{id}: the caller's own record of that type (a foreign id answers like a missing one).
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Caller } from '../search/caller.ts';
import { findRecord, requireRecordType } from '../search/search-records.ts';
import type { Json } from '../search/sql-fragments.ts';

export async function getRecord(ctx: AppContext, caller: Caller, recordType: string, id: string): Promise<Json> {
  const def = requireRecordType(recordType);
  const record = await findRecord(ctx, caller, def, id);
  if (!record) throw AppError.notFound();
  return record;
}
