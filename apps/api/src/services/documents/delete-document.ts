// spec 1 §6, §7: DELETE /document/{id}/delete: the tenant may delete any listed document of theirs, manager ones too.
import { and, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app.ts';
import { documents } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { Caller } from '../search/caller.ts';
import { documentChanges } from './document-audit.ts';

/** Removes the row (with its DELETE audit event) and then the stored file. */
export async function deleteDocument(ctx: AppContext, caller: Caller, actor: Actor, id: string): Promise<{ id: string }> {
  const scope: SQL[] = [eq(documents.id, id)];
  if (caller.role === 'tenant') scope.push(eq(documents.customerId, caller.id));
  const storageKey = await ctx.db.transaction(async (tx) => {
    const [doc] = await tx
      .delete(documents)
      .where(and(...scope))
      .returning();
    if (!doc) throw AppError.notFound('Document');
    await recordAudit(tx, {
      recordType: 'document',
      recordId: doc.id,
      action: 'DELETE',
      changes: documentChanges(doc, 'DELETE'),
      actor,
    });
    return doc.storageKey;
  });
  // The row is gone, so the file is unreachable; a failed removal only leaves garbage behind.
  await ctx.storage.remove(storageKey).catch(() => undefined);
  return { id };
}
