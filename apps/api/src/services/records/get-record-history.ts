// spec 2 §7 Generic: GET /{recordType}/{id}/history: the audit trail of a record the caller can see, oldest first.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { auditEvents } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Caller } from '../search/caller.ts';
import type { RecordTypeDef } from '../search/registry.ts';
import { findRecord, requireRecordType } from '../search/search-records.ts';
import { ISO_INSTANT_PATTERN } from '../search/sql-fragments.ts';

export interface HistoryEvent {
  id: string;
  action: string;
  changes: unknown;
  actorId: string | null;
  actorType: string | null;
  createdAt: string;
}

/** Audit events name their record type in lower case (the registry name); upper case is accepted too. */
const typeNames = (def: RecordTypeDef) => [def.name, def.name.toUpperCase()];

/** A record deleted since: visible when its DELETE event says it belonged to the caller (admins: any). */
async function wasDeletedRecordOf(ctx: AppContext, caller: Caller, def: RecordTypeDef, id: string): Promise<boolean> {
  if (!def.deletedOwnerKey) return false;
  const owner = sql`${auditEvents.changes} -> ${def.deletedOwnerKey} ->> 'from'`;
  const [hit] = await ctx.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        inArray(auditEvents.recordType, typeNames(def)),
        eq(auditEvents.recordId, id),
        eq(auditEvents.action, 'DELETE'),
        caller.role === 'tenant' ? sql`${owner} = ${caller.id}` : undefined,
      ),
    )
    .limit(1);
  return hit !== undefined;
}

export async function getRecordHistory(
  ctx: AppContext,
  caller: Caller,
  recordType: string,
  id: string,
): Promise<{ records: HistoryEvent[] }> {
  const def = requireRecordType(recordType);
  const visible = (await findRecord(ctx, caller, def, id)) !== null || (await wasDeletedRecordOf(ctx, caller, def, id));
  if (!visible) throw AppError.notFound();
  const records = await ctx.db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      changes: auditEvents.changes,
      actorId: auditEvents.actorId,
      actorType: auditEvents.actorType,
      createdAt: sql<string>`to_char(${auditEvents.createdAt} AT TIME ZONE 'UTC', ${sql.raw(`'${ISO_INSTANT_PATTERN}'`)})`,
    })
    .from(auditEvents)
    .where(and(inArray(auditEvents.recordType, typeNames(def)), eq(auditEvents.recordId, id)))
    // Events of one transaction share a timestamp: a creation comes first, a deletion last.
    .orderBy(
      auditEvents.createdAt,
      sql`CASE ${auditEvents.action} WHEN 'CREATE' THEN 0 WHEN 'DELETE' THEN 2 ELSE 1 END`,
      auditEvents.id,
    );
  return { records };
}
