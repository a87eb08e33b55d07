// The upload form's checks (spec 1 §5 / §8, spec 2 §9), run in the browser with the same domain rules the server applies.
import {
  checkDocumentName,
  DOCUMENT_MAX_BYTES,
  detectDocumentType,
  isDocumentSizeAllowed,
  sanitizeDocumentName,
} from '@portal/domain/documents';
import { type MessageKey, MSG } from '@portal/domain/message-keys';

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
  let bytes: Uint8Array;
  try {
    bytes = await readBytes(file);
  } catch {
    return MSG.uploadSelectValidFile; // unreadable (moved or deleted since it was chosen)
  }
  return detectDocumentType(bytes) ? null : MSG.uploadFileType;
}

/** The file's bytes through FileReader (every browser, and jsdom in the unit tests). */
function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

export async function checkUploadForm(values: { leaseId: string; file: File | null }): Promise<UploadFormErrors> {
  const errors: UploadFormErrors = {};
  if (!values.leaseId) errors.leaseId = MSG.uploadSelectLease;
  const fileProblem = await checkUploadFile(values.file);
  if (fileProblem) errors.file = fileProblem;
  return errors;
}
