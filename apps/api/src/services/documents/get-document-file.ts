// spec 1 §7: GET /document/{id}/download: the original bytes of a document the caller may see.
import type { Readable } from 'node:stream';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { documents } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Caller } from '../search/caller.ts';
import { documentOfCompany } from './document-scope.ts';

export interface DocumentFile {
  name: string;
  mimeType: string;
  size: number;
  /** The stored bytes, streamed (a 10 MB download is never whole in memory). */
  stream: Readable;
}

/** A tenant gets the documents about them (customerId), manager documents included unless hidden; a manager their company's; an admin any. */
export async function getDocumentFile(ctx: AppContext, caller: Caller, id: string): Promise<DocumentFile> {
  const scope: SQL[] = [eq(documents.id, id)];
  // issue 21: a manager's document the tenant deleted is gone for the tenant (the manager keeps it)
  if (caller.role === 'tenant') scope.push(eq(documents.customerId, caller.id), isNull(documents.hiddenForCustomerAt));
  // issue 23: a manager, the documents of their company's leases (another company's: 404)
  if (caller.role === 'manager') scope.push(documentOfCompany(caller.companyId));
  const [doc] = await ctx.db
    .select({ name: documents.name, mimeType: documents.mimeType, storageKey: documents.storageKey })
    .from(documents)
    .where(and(...scope))
    .limit(1);
  if (!doc) throw AppError.notFound('Document');
  try {
    const file = await ctx.storage.open(doc.storageKey);
    return { name: doc.name, mimeType: doc.mimeType, ...file };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw AppError.notFound('Document file');
    throw err;
  }
}
