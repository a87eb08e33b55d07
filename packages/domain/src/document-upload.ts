import { checkDocumentName, DOCUMENT_MAX_BYTES, isDocumentSizeAllowed, sanitizeDocumentName } from './documents.ts';
import { MSG } from './message-keys.ts';
import { fail, OK, type RuleResult } from './rule.ts';

// Upload form rules of spec 1 §5 and spec 2 §5 as message keys, on top of the content checks of documents.ts.

export interface UploadFileLike {
  name: string;
  size: number;
}

// spec 1 §5 / spec 2 §9: a valid file: a name (under 50 characters) and 0 < size < 10 MB; the type is judged by content (documents.ts)
export function validateUploadFile(file: UploadFileLike | null | undefined): RuleResult {
  if (!file) return fail(MSG.uploadSelectValidFile);
  const problem = checkDocumentName(sanitizeDocumentName(file.name));
  if (problem === 'EMPTY') return fail(MSG.uploadSelectValidFile);
  if (problem === 'TOO_LONG') return fail(MSG.uploadFileNameTooLong);
  if (file.size >= DOCUMENT_MAX_BYTES) return fail(MSG.uploadFileTooLarge);
  if (!isDocumentSizeAllowed(file.size)) return fail(MSG.uploadSelectValidFile);
  return OK;
}

// spec 1 §5: an upload requires a property lease and a valid file
export function validateLeaseDocumentUpload(input: { leaseId?: string | null; file?: UploadFileLike | null }): RuleResult {
  if (!input.leaseId) return fail(MSG.uploadSelectLease);
  return validateUploadFile(input.file);
}

// spec 1 §2: documents split into the tenant's own (TYPE_CUSTOMER) and the manager's (TYPE_MANAGER, TYPE_ADMIN)
export function splitDocumentsByOwner<D extends { ownerType?: string | null }>(
  documents: readonly D[],
): { own: D[]; manager: D[] } {
  return {
    own: documents.filter((d) => d.ownerType === 'TYPE_CUSTOMER'),
    manager: documents.filter((d) => d.ownerType === 'TYPE_MANAGER' || d.ownerType === 'TYPE_ADMIN'),
  };
}
