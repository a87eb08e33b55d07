// spec 1 §6, §7: DELETE /document/{id}/delete: the tenant may delete any listed document of theirs, manager ones too.
// Issue 21 §1: a tenant's delete of a manager's (or admin's) document hides it from the tenant only; the row and the file
// stay for the manager. The tenant's own documents, and any document a manager or admin deletes, are really deleted.
import { isManagerDocument } from '@portal/domain/entities';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { documents } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { Caller } from '../search/caller.ts';
import { documentChanges } from './document-audit.ts';
import { documentOfCompany } from './document-scope.ts';

/** What the delete did: removed for everyone, or hidden from the tenant only (a manager's document). */
export interface DeletedDocument {
  id: string;
  outcome: 'DELETED' | 'HIDDEN';
}

/** Removes the row (with its DELETE audit event) and then the stored file, or hides a manager's document from the tenant. */
export async function deleteDocument(ctx: AppContext, caller: Caller, actor: Actor, id: string): Promise<DeletedDocument> {
  const scope: SQL[] = [eq(documents.id, id)];
  const isTenant = caller.role === 'tenant';
  if (isTenant) scope.push(eq(documents.customerId, caller.id), isNull(documents.hiddenForCustomerAt));
  if (caller.role === 'manager') scope.push(documentOfCompany(caller.companyId));
  const done = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(documents)
      .where(and(...scope))
      .for('update')
      .limit(1);
    if (!found) throw AppError.notFound('Document');
    // issue 23: a manager deletes what managers added; the tenant's own documents are the tenant's to delete
    if (caller.role === 'manager' && found.ownerType !== 'TYPE_MANAGER') {
      throw AppError.forbidden('server.leases.managerDeleteOwnOnly');
    }
    if (isTenant && isManagerDocument(found.ownerType)) {
      const hiddenAt = ctx.now().toISOString();
      await tx.update(documents).set({ hiddenForCustomerAt: hiddenAt }).where(eq(documents.id, found.id));
      await recordAudit(tx, {
        recordType: 'document',
        recordId: found.id,
        action: 'HIDE_FOR_CUSTOMER',
        changes: { hiddenForCustomerAt: { from: null, to: hiddenAt } },
        actor,
      });
      return { outcome: 'HIDDEN' as const, storageKey: null };
    }
    await tx.delete(documents).where(eq(documents.id, found.id));
    await recordAudit(tx, {
      recordType: 'document',
      recordId: found.id,
      action: 'DELETE',
      changes: documentChanges(found, 'DELETE'),
      actor,
    });
    return { outcome: 'DELETED' as const, storageKey: found.storageKey };
  });
  // The row is gone, so the file is unreachable; a failed removal only leaves garbage behind.
  if (done.storageKey) await ctx.storage.remove(done.storageKey).catch(() => undefined);
  return { id, outcome: done.outcome };
}
