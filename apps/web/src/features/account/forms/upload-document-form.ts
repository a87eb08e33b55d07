// The upload form's checks (spec 1 §5 / §8, spec 2 §9), run in the browser with the same domain rules the server applies.
import {
  checkDocumentName,
  DOCUMENT_MAX_BYTES,
  detectDocumentType,
  isDocumentSizeAllowed,
  sanitizeDocumentName,
} from '@portal/domain/documents';
import { MSG, type MessageKey } from '@portal/domain/message-keys';

export interface UploadFormErrors {
  leaseId?: MessageKey;
  file?: MessageKey;
}

/** What is wrong with a chosen file, or null when the server may be asked: name, size, then type judged by content. */
export async function checkUploadFile(file: File | null): Promise<MessageKey | null> {
  if (!file) return MSG.uploadSelectValidFile;
  const nameProblem = checkDocumentName(sanitizeDocumentName(file.name));
  if (nameProblem === 'EMPTY') return MSG.uploadSelectValidFile;
  if (nameProblem === 'TOO_LONG') return MSG.uploadFileNameTooLong;
  if (file.size >= DOCUMENT_MAX_BYTES) return MSG.uploadFileTooLarge;
  if (!isDocumentSizeAllowed(file.size)) return MSG.uploadSelectValidFile;
  const bytes = new Uint8Array(await file.arrayBuffer());
  return detectDocumentType(bytes) ? null : MSG.uploadFileType;
}

export async function checkUploadForm(values: { leaseId: string; file: File | null }): Promise<UploadFormErrors> {
  const errors: UploadFormErrors = {};
  if (!values.leaseId) errors.leaseId = MSG.uploadSelectLease;
  const fileProblem = await checkUploadFile(values.file);
  if (fileProblem) errors.file = fileProblem;
  return errors;
}
