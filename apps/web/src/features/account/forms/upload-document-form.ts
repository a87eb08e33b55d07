// The upload form's checks (spec 1 §5 / §8, spec 2 §9): the same domain rules the server applies, on the chosen file's bytes.
import { documentFileProblem } from '@portal/domain/document-upload';
import { type MessageKey, MSG } from '@portal/domain/message-keys';

export interface UploadFormErrors {
  leaseId?: MessageKey;
  file?: MessageKey;
}

/** The file's bytes through FileReader (every browser, and the test DOM). */
function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** What is wrong with a chosen file (name, size, type judged by content), or null when the server may be asked. */
export async function checkUploadFile(file: File | null): Promise<MessageKey | null> {
  if (!file) return documentFileProblem(null);
  // the name and size are checked before reading a possibly large file
  const early = documentFileProblem({ name: file.name, size: file.size });
  if (early) return early;
  try {
    return documentFileProblem({ name: file.name, size: file.size, bytes: await readBytes(file) });
  } catch {
    return MSG.uploadSelectValidFile; // unreadable (moved or deleted since it was chosen)
  }
}

export async function checkUploadForm(values: { leaseId: string; file: File | null }): Promise<UploadFormErrors> {
  const errors: UploadFormErrors = {};
  if (!values.leaseId) errors.leaseId = MSG.uploadSelectLease;
  const fileProblem = await checkUploadFile(values.file);
  if (fileProblem) errors.file = fileProblem;
  return errors;
}
