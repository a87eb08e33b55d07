// spec 1 §5 / §8, spec 2 §8 / §9: the upload form's messages: which problem of a chosen file, or of the server's
// answer, shows which message. The checks themselves are those of ./documents.ts (the server runs them too).
import {
  checkDocumentName,
  checkDocumentType,
  DOCUMENT_MAX_BYTES,
  detectDocumentType,
  isDocumentSizeAllowed,
  sanitizeDocumentName,
} from './documents.ts';
import { mapGenericError, type ServerAnswer } from './errors.ts';
import { type MessageKey, MSG } from './message-keys.ts';
import type { MessageRef } from './rule.ts';

export interface ChosenFile {
  name: string;
  size: number;
  /** The file's content; the type is judged from it, never from the name. Absent: name and size only (before reading). */
  bytes?: Uint8Array;
}

/**
 * spec 1 §8 / spec 2 §9: the message for a chosen file, or null when it may be sent. No file or an empty one →
 * 'select a valid file'; a name of 50 characters or more → the 50-character message; 10 MB or more → too large;
 * a name or content that is not CSV, PNG, JPEG or PDF → the accepted-types message; a name and content of two
 * different types (issue 9: text named .png) → the mismatch message.
 */
export function documentFileProblem(file: ChosenFile | null | undefined): MessageKey | null {
  if (!file) return MSG.uploadSelectValidFile;
  const name = sanitizeDocumentName(file.name);
  const nameProblem = checkDocumentName(name);
  if (nameProblem === 'EMPTY') return MSG.uploadSelectValidFile;
  if (nameProblem === 'TOO_LONG') return MSG.uploadFileNameTooLong;
  if (file.size >= DOCUMENT_MAX_BYTES) return MSG.uploadFileTooLarge;
  if (!isDocumentSizeAllowed(file.size)) return MSG.uploadSelectValidFile;
  const typeProblem = checkDocumentType(name, file.bytes ? detectDocumentType(file.bytes) : undefined);
  if (typeProblem === 'MISMATCH') return MSG.uploadFileTypeMismatch;
  return typeProblem ? MSG.uploadFileType : null;
}

export interface UploadErrorOutcome extends MessageRef {
  /** The message belongs under the file input (a problem of the file) rather than in an alert. */
  onFile: boolean;
}

const FILE_ERROR_KEYS: Record<string, MessageKey> = {
  RM_ERROR_FILE_NAME_TOO_LONG: MSG.uploadFileNameTooLong,
  RM_ERROR_FILE_TYPE: MSG.uploadFileType,
  RM_ERROR_FILE_TOO_LARGE: MSG.uploadFileTooLarge,
};

// spec 1 §8 / spec 2 §8: upload refusals: name too long, wrong type, too large → the file's messages; others → generic
// (quota and upload rate: the server's own message, in the caller's language)
export function mapUploadError(answer: ServerAnswer): UploadErrorOutcome {
  const key = FILE_ERROR_KEYS[answer.errorCode ?? ''];
  if (key) return { key, onFile: true };
  return { ...mapGenericError(answer), onFile: false };
}
