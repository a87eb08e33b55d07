// spec 1 §7 / spec 2 §7: POST /PROPERTY_LEASE/{id}/upload and /INSURANCE_POLICY/{id}/upload.
// spec 2 §9: CSV, PNG or JPEG judged by content (the claimed name and type do not matter), under 10 MB,
// name under 50 characters. The user's name is kept (cleaned); the stored type is the detected one.
import { randomUUID } from 'node:crypto';
import { checkDocumentName, DOCUMENT_MAX_BYTES, detectDocumentType, sanitizeDocumentName } from '@portal/domain/documents';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app.ts';
import { documents, insurancePolicies, propertyLeases } from '../../db/schema.ts';
import { documentUrl } from '../../db/seed.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { Caller } from '../search/caller.ts';
import { documentChanges } from './document-audit.ts';

export const UPLOAD_TARGETS = ['PROPERTY_LEASE', 'INSURANCE_POLICY'] as const;
export type UploadTarget = (typeof UPLOAD_TARGETS)[number];

export const fileTooLarge = () =>
  new AppError('RM_ERROR_FILE_TOO_LARGE', 'The file must be under 10 MB', {
    fieldErrors: [{ field: 'file', errorCode: 'RM_ERROR_FILE_TOO_LARGE', message: 'The file must be under 10 MB' }],
  });

const invalidFile = (message: string) =>
  AppError.validation([{ field: 'file', errorCode: 'RM_ERROR_RECORD_VALIDATION', message }], message);

/** The customer a lease or insurance policy belongs to, if the caller may attach documents to it; else 404. */
export async function findUploadOwner(ctx: AppContext, caller: Caller, target: UploadTarget, recordId: string): Promise<string> {
  let owner: { customerId: string } | undefined;
  if (target === 'PROPERTY_LEASE') {
    const scope: SQL[] = [eq(propertyLeases.id, recordId)];
    if (caller.role === 'tenant') scope.push(eq(propertyLeases.userId, caller.id));
    [owner] = await ctx.db
      .select({ customerId: propertyLeases.userId })
      .from(propertyLeases)
      .where(and(...scope))
      .limit(1);
  } else {
    const scope: SQL[] = [eq(insurancePolicies.id, recordId)];
    if (caller.role === 'tenant') scope.push(eq(insurancePolicies.userId, caller.id));
    [owner] = await ctx.db
      .select({ customerId: insurancePolicies.userId })
      .from(insurancePolicies)
      .where(and(...scope))
      .limit(1);
  }
  if (!owner) throw AppError.notFound(target === 'PROPERTY_LEASE' ? 'Lease' : 'Insurance policy');
  return owner.customerId;
}

export interface UploadInput {
  target: UploadTarget;
  recordId: string;
  customerId: string;
  /** The name the browser sent (may hold a path). */
  filename: string | undefined;
  bytes: Buffer;
}

/**
 * Checks and stores one document; answers its id. The bytes go to the file store first; if the row
 * cannot be written the stored file is removed again, so nothing is half-written.
 * An insurance policy keeps one proof document: a new upload replaces the old one (spec 2 §4 Insurance).
 */
export async function uploadDocument(ctx: AppContext, caller: Caller, actor: Actor, input: UploadInput): Promise<{ id: string }> {
  const { bytes } = input;
  if (bytes.length >= DOCUMENT_MAX_BYTES) throw fileTooLarge();
  if (bytes.length === 0) throw invalidFile('Select a valid file: this one is empty');
  const name = sanitizeDocumentName(input.filename);
  const nameProblem = checkDocumentName(name);
  if (nameProblem === 'EMPTY') throw invalidFile('Select a valid file: it has no name');
  if (nameProblem === 'TOO_LONG') {
    const message = 'The file name must be under 50 characters';
    throw new AppError('RM_ERROR_FILE_NAME_TOO_LONG', message, {
      fieldErrors: [{ field: 'file', errorCode: 'RM_ERROR_FILE_NAME_TOO_LONG', message, fieldValue: name }],
    });
  }
  const mimeType = detectDocumentType(bytes);
  if (!mimeType) {
    const message = 'Only CSV, PNG and JPEG files are accepted';
    throw new AppError('RM_ERROR_FILE_TYPE', message, {
      fieldErrors: [{ field: 'file', errorCode: 'RM_ERROR_FILE_TYPE', message }],
    });
  }

  const id = randomUUID();
  const row = {
    id,
    ownerType: caller.role === 'admin' ? 'TYPE_ADMIN' : 'TYPE_CUSTOMER',
    ownerId: caller.id,
    customerId: input.customerId,
    recordType: input.target,
    recordId: input.recordId,
    name,
    url: documentUrl(id, input.customerId, name),
    size: bytes.length,
    mimeType,
  };
  const storageKey = await ctx.storage.save(bytes);
  let replacedKeys: string[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      if (input.target === 'INSURANCE_POLICY') {
        const replaced = await tx
          .delete(documents)
          .where(and(eq(documents.recordType, 'INSURANCE_POLICY'), eq(documents.recordId, input.recordId)))
          .returning();
        for (const old of replaced) {
          await recordAudit(tx, {
            recordType: 'document',
            recordId: old.id,
            action: 'DELETE',
            changes: documentChanges(old, 'DELETE'),
            actor,
          });
        }
        replacedKeys = replaced.map((old) => old.storageKey);
      }
      await tx.insert(documents).values({ ...row, storageKey });
      await recordAudit(tx, {
        recordType: 'document',
        recordId: id,
        action: 'CREATE',
        changes: documentChanges(row, 'CREATE'),
        actor,
      });
    });
  } catch (err) {
    await ctx.storage.remove(storageKey).catch(() => undefined);
    throw err;
  }
  // The replaced files are unreachable once their rows are gone; a failed removal only leaves garbage.
  await Promise.all(replacedKeys.map((key) => ctx.storage.remove(key).catch(() => undefined)));
  return { id };
}
