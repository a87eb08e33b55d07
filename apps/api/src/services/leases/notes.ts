// issue 23 (spec 2 §6 "view tenant documents and notes"): the manager's notes on a lease, newest first. Console only:
// never in a tenant's answer (the tenant's own record carries tenantNotes, a separate field the manager edits).
import { toIsoInstant } from '@portal/domain/dates';
import { desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { corporateUsers, leaseNotes } from '../../db/schema.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { ConsoleCaller } from '../search/caller.ts';
import { findConsoleLease } from './lease-records.ts';

/** The newest notes a lease page shows. */
export const NOTES_PAGE = 50;

const noteSelection = {
  id: leaseNotes.id,
  body: leaseNotes.body,
  authorId: leaseNotes.authorId,
  authorType: leaseNotes.authorType,
  authorName: sql<
    string | null
  >`nullif(trim(coalesce(${corporateUsers.firstName}, '') || ' ' || coalesce(${corporateUsers.lastName}, '')), '')`,
  createdAt: leaseNotes.createdAt,
};

export async function listLeaseNotes(ctx: AppContext, caller: ConsoleCaller, leaseId: string) {
  const lease = await findConsoleLease(ctx.db, caller, leaseId);
  const rows = await ctx.db
    .select(noteSelection)
    .from(leaseNotes)
    .leftJoin(corporateUsers, eq(corporateUsers.id, leaseNotes.authorId))
    .where(eq(leaseNotes.leaseId, lease.id))
    .orderBy(desc(leaseNotes.createdAt), desc(leaseNotes.id))
    .limit(NOTES_PAGE);
  return { records: rows.map((r) => ({ ...r, createdAt: toIsoInstant(r.createdAt) })) };
}

export async function addLeaseNote(ctx: AppContext, caller: ConsoleCaller, actor: Actor, leaseId: string, body: string) {
  const id = await ctx.db.transaction(async (tx) => {
    const lease = await findConsoleLease(tx, caller, leaseId);
    const [row] = await tx
      .insert(leaseNotes)
      .values({
        leaseId: lease.id,
        companyId: lease.companyId,
        authorId: caller.id,
        authorType: caller.role === 'admin' ? 'TYPE_ADMIN' : 'TYPE_MANAGER',
        body,
        createdAt: ctx.now().toISOString(),
      })
      .returning({ id: leaseNotes.id });
    await recordAudit(tx, { recordType: 'lease_note', recordId: row.id, action: 'CREATE', changes: { leaseId, body }, actor });
    return row.id;
  });
  const [row] = await ctx.db
    .select(noteSelection)
    .from(leaseNotes)
    .leftJoin(corporateUsers, eq(corporateUsers.id, leaseNotes.authorId))
    .where(eq(leaseNotes.id, id));
  return { ...row, createdAt: toIsoInstant(row.createdAt) };
}
