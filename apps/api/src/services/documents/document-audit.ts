// The audit snapshot of a document (history of GET /document/{id}/history, also after deletion).
import type { documents } from '../../db/schema.ts';

type DocumentRow = typeof documents.$inferSelect;

const AUDITED = ['name', 'size', 'mimeType', 'recordType', 'recordId', 'customerId', 'ownerType', 'ownerId'] as const;

/** Field-by-field { from, to } changes of a created (to) or deleted (from) document. */
export function documentChanges(doc: Pick<DocumentRow, (typeof AUDITED)[number]>, action: 'CREATE' | 'DELETE') {
  return Object.fromEntries(
    AUDITED.map((k) => [k, action === 'CREATE' ? { from: null, to: doc[k] } : { from: doc[k], to: null }]),
  );
}
